"""Tests of foolery (foolery); see tests/__init__.py."""
