"""Exact solvers on top of the engines, and the independent methods that check them."""
