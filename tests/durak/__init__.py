"""Tests of durak (durak); see tests/__init__.py."""
