"""The ``stratagem`` command line."""
