"""Test doubles shared by every test package (nothing in the product imports them)."""
