#!/usr/bin/env bash
# Mutation check of the rules Law tests; see scripts/mutation_check.py.
exec /usr/bin/python3 "$(dirname "$0")/mutation_check.py" "$@"
