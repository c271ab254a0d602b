"""Tests of fools_and_angels (fools and angels); see tests/__init__.py."""
