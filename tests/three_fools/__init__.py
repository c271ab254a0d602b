"""Tests of three_fools (three fools); see tests/__init__.py."""
