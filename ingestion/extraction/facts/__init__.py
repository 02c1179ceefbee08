"""Facts of a notice beyond its entities, parsed by rules for the register's conventions:
dissolution, deletion reason and bankruptcy steps (`winding_up`), contributions and share
classes (`capital`, `mentions`), the successive capital states of one sentence
(`capital_steps`), audit opting-out, supervisory authority and business address
(`statements`). Pure functions of the notice text; the graph build stores what they return.
"""
