"""Tests of fools_paradise (fools paradise); see tests/__init__.py."""
