//! The outcome of a command: a status for the exit code, or an error that stops it (exit 2).

/// How a command that ran to the end went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Exit 0.
    Ok,
    /// Exit 1: a check found problems, or there is no solution.
    Problems,
}

impl Status {
    /// The worse of two outcomes, for commands over several files.
    pub fn and(self, other: Status) -> Status {
        self.max(other)
    }
}

/// Why a command could not do its job: bad input, bad usage, or an I/O failure. Exit code 2.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The input is not what its format requires. The message names the file and the place.
    #[error("{0}")]
    BadInput(String),
    /// The arguments do not make sense together.
    #[error("{0}")]
    Usage(String),
    #[error("{0}")]
    Io(String),
}

impl CliError {
    /// Bad input in `name`; `detail` is the library's message (it says where and what was expected).
    pub fn input(name: &str, detail: impl std::fmt::Display) -> CliError {
        CliError::BadInput(format!("{name}: {detail}"))
    }

    pub fn usage(message: impl Into<String>) -> CliError {
        CliError::Usage(message.into())
    }

    pub fn io(name: &str, err: impl std::fmt::Display) -> CliError {
        CliError::Io(format!("{name}: {err}"))
    }
}
