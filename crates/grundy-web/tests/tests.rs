//! The integration tests of grundy-web, one binary: the API in process (answers,
//! hostile inputs) and a bounded load test on loopback.

mod common;

mod answers;
mod hostile;
mod load;
mod no_names;
mod shutdown;
