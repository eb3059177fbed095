"""Post-processing steps: plain functions over the list of all entries."""
