"""Evaluation: benchmarks, baselines, ablations, metrics and reports."""
