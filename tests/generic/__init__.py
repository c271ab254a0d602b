"""Tests that run over every registered game, and the helpers they share."""
