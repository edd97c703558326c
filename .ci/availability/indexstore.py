"""Reads the index store that the compiler writes while building
(`-index-store-path`; SwiftPM passes it for debug builds), through the
toolchain's libIndexStore and its C API (indexstore.h).

The store holds one *unit* per compiled file (its module, main file and
dependencies) and one *record* per file with every occurrence of a symbol
in it: the symbol's USR, the occurrence's roles (reference, call, ...) and
its line and column (1-based; columns count UTF-8 bytes).
"""
import ctypes
import os
from typing import NamedTuple

# Roles of an occurrence (indexstore_symbol_role_t).
ROLE_DECLARATION = 1 << 0
ROLE_DEFINITION = 1 << 1
ROLE_REFERENCE = 1 << 2
ROLE_IMPLICIT = 1 << 8
# Kinds of a symbol and of a unit dependency.
SYMBOL_KIND_MODULE = 1
DEPENDENCY_UNIT = 1
DEPENDENCY_RECORD = 2


class Occurrence(NamedTuple):
    line: int
    column: int
    usr: str
    name: str
    roles: int


class Unit(NamedTuple):
    module: str
    main_file: str
    modified: float
    records: list  # record names
    imports: set  # modules of the system units it depends on


class _StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]

    def __str__(self):
        return ctypes.string_at(self.data, self.length).decode() if self.length else ""


_Pointer = ctypes.c_void_p
_NameCallback = ctypes.CFUNCTYPE(ctypes.c_bool, _Pointer, _StringRef)
_PointerCallback = ctypes.CFUNCTYPE(ctypes.c_bool, _Pointer, _Pointer)

# name: (result type, argument types)
_FUNCTIONS = {
    "indexstore_store_create": (_Pointer, [ctypes.c_char_p, ctypes.POINTER(_Pointer)]),
    "indexstore_store_dispose": (None, [_Pointer]),
    "indexstore_error_get_description": (ctypes.c_char_p, [_Pointer]),
    "indexstore_store_units_apply_f": (ctypes.c_bool, [_Pointer, ctypes.c_uint, _Pointer, _NameCallback]),
    "indexstore_unit_reader_create": (_Pointer, [_Pointer, ctypes.c_char_p, ctypes.POINTER(_Pointer)]),
    "indexstore_unit_reader_dispose": (None, [_Pointer]),
    "indexstore_unit_reader_get_module_name": (_StringRef, [_Pointer]),
    "indexstore_unit_reader_get_main_file": (_StringRef, [_Pointer]),
    "indexstore_unit_reader_get_modification_time": (
        None, [_Pointer, ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64)]),
    "indexstore_unit_reader_dependencies_apply_f": (ctypes.c_bool, [_Pointer, _Pointer, _PointerCallback]),
    "indexstore_unit_dependency_get_kind": (ctypes.c_int, [_Pointer]),
    "indexstore_unit_dependency_is_system": (ctypes.c_bool, [_Pointer]),
    "indexstore_unit_dependency_get_name": (_StringRef, [_Pointer]),
    "indexstore_unit_dependency_get_modulename": (_StringRef, [_Pointer]),
    "indexstore_record_reader_create": (_Pointer, [_Pointer, ctypes.c_char_p, ctypes.POINTER(_Pointer)]),
    "indexstore_record_reader_dispose": (None, [_Pointer]),
    "indexstore_record_reader_occurrences_apply_f": (ctypes.c_bool, [_Pointer, _Pointer, _PointerCallback]),
    "indexstore_occurrence_get_symbol": (_Pointer, [_Pointer]),
    "indexstore_occurrence_get_roles": (ctypes.c_uint64, [_Pointer]),
    "indexstore_occurrence_get_line_col": (
        None, [_Pointer, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]),
    "indexstore_symbol_get_kind": (ctypes.c_int, [_Pointer]),
    "indexstore_symbol_get_usr": (_StringRef, [_Pointer]),
    "indexstore_symbol_get_name": (_StringRef, [_Pointer]),
}


class IndexStoreError(Exception):
    pass


class IndexStore:
    def __init__(self, library_path, store_path):
        library = ctypes.CDLL(library_path)
        self._c = {}
        for name, (result, arguments) in _FUNCTIONS.items():
            function = getattr(library, name)
            function.restype, function.argtypes = result, arguments
            self._c[name] = function
        self._store = self._check(lambda error: self._c["indexstore_store_create"](
            store_path.encode(), error), f"cannot open the index store at {store_path}")

    def _check(self, create, what):
        """Calls a C constructor that reports failure through an error out
        parameter; raises IndexStoreError with the library's description."""
        error = _Pointer()
        handle = create(ctypes.byref(error))
        if not handle:
            reason = self._c["indexstore_error_get_description"](error) if error else b"unknown error"
            raise IndexStoreError(f"{what}: {reason.decode()}")
        return handle

    def close(self):
        self._c["indexstore_store_dispose"](self._store)

    def unit_names(self):
        names = []

        @_NameCallback
        def collect(_, name):
            names.append(str(name))
            return True

        self._c["indexstore_store_units_apply_f"](self._store, 0, None, collect)
        return names

    def unit(self, name):
        c = self._c
        reader = self._check(lambda error: c["indexstore_unit_reader_create"](
            self._store, name.encode(), error), f"cannot read unit {name}")
        try:
            seconds, nanoseconds = ctypes.c_int64(), ctypes.c_int64()
            c["indexstore_unit_reader_get_modification_time"](
                reader, ctypes.byref(seconds), ctypes.byref(nanoseconds))
            records, imports = [], set()

            @_PointerCallback
            def collect(_, dependency):
                kind = c["indexstore_unit_dependency_get_kind"](dependency)
                if kind == DEPENDENCY_RECORD:
                    records.append(str(c["indexstore_unit_dependency_get_name"](dependency)))
                elif kind == DEPENDENCY_UNIT and c["indexstore_unit_dependency_is_system"](dependency):
                    imports.add(str(c["indexstore_unit_dependency_get_modulename"](dependency)))
                return True

            c["indexstore_unit_reader_dependencies_apply_f"](reader, None, collect)
            return Unit(
                module=str(c["indexstore_unit_reader_get_module_name"](reader)),
                main_file=str(c["indexstore_unit_reader_get_main_file"](reader)),
                modified=seconds.value + nanoseconds.value / 1e9,
                records=records,
                imports=imports)
        finally:
            c["indexstore_unit_reader_dispose"](reader)

    def occurrences(self, record):
        """The occurrences in a record that refer to a symbol (except
        references to modules, `import X`), and the USRs the record declares
        or defines."""
        c = self._c
        reader = self._check(lambda error: c["indexstore_record_reader_create"](
            self._store, record.encode(), error), f"cannot read record {record}")
        references, declared = [], set()
        line, column = ctypes.c_uint(), ctypes.c_uint()

        @_PointerCallback
        def collect(_, occurrence):
            roles = c["indexstore_occurrence_get_roles"](occurrence)
            symbol = c["indexstore_occurrence_get_symbol"](occurrence)
            if roles & (ROLE_DECLARATION | ROLE_DEFINITION):
                declared.add(str(c["indexstore_symbol_get_usr"](symbol)))
            elif roles & ROLE_REFERENCE and c["indexstore_symbol_get_kind"](symbol) != SYMBOL_KIND_MODULE:
                c["indexstore_occurrence_get_line_col"](occurrence, ctypes.byref(line), ctypes.byref(column))
                references.append(Occurrence(
                    line.value, column.value,
                    str(c["indexstore_symbol_get_usr"](symbol)),
                    str(c["indexstore_symbol_get_name"](symbol)),
                    roles))
            return True

        try:
            c["indexstore_record_reader_occurrences_apply_f"](reader, None, collect)
        finally:
            c["indexstore_record_reader_dispose"](reader)
        return references, declared


def current_units(store, modules, package_dir):
    """The newest unit of each source file of `modules` under `package_dir`.

    A store keeps units of files that were since renamed or deleted, and a
    file compiled with other options (a different output path) gets a second
    unit; only files that still exist count, each with its newest unit."""
    package_dir = os.path.realpath(package_dir) + os.sep
    newest = {}
    for name in store.unit_names():
        unit = store.unit(name)
        main_file = os.path.realpath(unit.main_file)
        if unit.module not in modules or not main_file.startswith(package_dir):
            continue
        if not os.path.exists(main_file):
            continue
        if main_file not in newest or unit.modified > newest[main_file].modified:
            newest[main_file] = unit
    return newest
