//! The game at the table.
