//! The integration tests of grundy-api: one binary, a module a file.

mod misere;
mod reports;
mod values_file;
