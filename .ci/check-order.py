#!/usr/bin/env python3
"""Checks that two JSON files hold the same document with the same member
order, as Python's json module reads them (an independent reader): objects
are compared as lists of (name, value) pairs, so order counts.

Usage: check-order.py ORIGINAL WRITTEN
"""
import json
import sys


def load(path):
    with open(path, "rb") as file:
        return json.load(file, object_pairs_hook=list)


original, written = load(sys.argv[1]), load(sys.argv[2])
if original != written:
    print(f"{sys.argv[2]} does not keep the members of {sys.argv[1]} in order")
    sys.exit(1)
