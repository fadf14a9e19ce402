//! Trouble that stops a command before or outside checking (exit status 2):
//! missing paths, unreadable folders, a bad `--out`, an unknown rule code.

use std::path::PathBuf;

/// A usage or I/O problem: printed as one line plus an optional help line.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error("path `{}` does not exist", .0.display())]
    MissingPath(PathBuf),
    #[error("cannot read `{}`: {}", .path.display(), .reason)]
    Io { path: PathBuf, reason: String },
    #[error("output folder `{}` is a file", .0.display())]
    OutIsFile(PathBuf),
    #[error("no output folder given")]
    NoOut,
    #[error("cannot write `{}`: {}", .path.display(), .reason)]
    Write { path: PathBuf, reason: String },
    #[error("output path `{0}` would leave the output folder")]
    OutputEscapes(String),
    #[error("unknown rule `{code}`")]
    UnknownRule {
        code: String,
        suggestion: Option<String>,
    },
    #[error("no `.muster` files found under `{}`", .0.display())]
    NothingToCheck(PathBuf),
    #[error("`{}` is not one scenario file", .0.display())]
    NotOneScenario(PathBuf),
    #[error("the scenario has no side `{view}`")]
    UnknownView { view: String, sides: String },
    #[error("`{word}` is neither a terrain kind nor a line kind")]
    UnknownKind {
        word: String,
        suggestion: Option<String>,
    },
    #[error("tolerance `{0}` is not a distance in metres")]
    BadTolerance(String),
    #[error("`{}` already exists", .0.display())]
    Exists(PathBuf),
    #[error("cannot write to standard output: {0}")]
    Stdout(String),
    /// `--serve` cannot listen (the port is in use).
    #[error("{0}")]
    Serve(String),
    /// `muster lsp --studio` names no address on this machine.
    #[error("{0}")]
    StudioAddress(String),
    /// A refusal that has a diagnostic code (an unsafe output folder, a port in use).
    #[error("{message}")]
    Refused {
        code: muster_syntax::Code,
        message: String,
        help: String,
    },
}

impl CliError {
    /// One line saying what to do, when there is something useful to say.
    pub fn help(&self) -> Option<String> {
        match self {
            CliError::MissingPath(_) => {
                Some("give a scenario file or a folder of scenarios".into())
            }
            CliError::NoOut => Some("pass `--out DIR` or set `out` in muster.toml".into()),
            CliError::UnknownRule {
                suggestion: Some(s),
                ..
            } => Some(format!("did you mean `{s}`?")),
            CliError::UnknownRule {
                suggestion: None, ..
            } => Some("`muster explain --list` shows every rule".into()),
            CliError::OutIsFile(_) => Some("pass a folder to `--out`".into()),
            CliError::NotOneScenario(_) => Some(
                "give the path of one scenario's `.muster` file, not a folder or a library".into(),
            ),
            CliError::UnknownView { sides, .. } => {
                Some(format!("`--view` takes `umpire` or a side: {sides}"))
            }
            CliError::Refused { help, .. } => Some(help.clone()),
            CliError::Serve(_) => {
                Some("stop the other server or pass another `--port` (0 picks a free one)".into())
            }
            _ => None,
        }
    }

    /// The diagnostic code, for the refusals that have one.
    pub fn code(&self) -> Option<muster_syntax::Code> {
        match self {
            CliError::Refused { code, .. } => Some(*code),
            _ => None,
        }
    }

    /// For a failed write: keep the path with the reason.
    pub fn write(path: &std::path::Path, err: &std::io::Error) -> Self {
        CliError::Write {
            path: path.to_path_buf(),
            reason: err.to_string(),
        }
    }

    /// For I/O errors: keep the path with the reason.
    pub fn io(path: impl Into<PathBuf>, err: &std::io::Error) -> Self {
        CliError::Io {
            path: path.into(),
            reason: err.to_string(),
        }
    }
}
