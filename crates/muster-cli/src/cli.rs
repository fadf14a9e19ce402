//! The command-line interface as clap derive types: every command, flag and example.

use clap::{Parser, Subcommand, ValueEnum};
use clap_complete::Shell;
use std::path::PathBuf;

const EXAMPLES: &str = "\
Examples:
  muster check                         check every scenario under the current folder
  muster check scenarios/ --format github
                                       annotations for a GitHub Actions workflow
  muster check pegasus.muster --deny-warnings
  muster build scenarios/ --out site/  write briefings and JSON for clean scenarios
  muster explain MC301                 the full text of a rule (or: element-separated)
  muster explain --list                every rule code with its name
  muster schema > scenario.schema.json
  muster completions bash > /etc/bash_completion.d/muster

Exit status: 0 clean, 1 errors (or warnings with --deny-warnings), 2 usage or I/O trouble.";

/// The scenario toolchain for Mission Command: check scenarios against the
/// rulebook, build briefings and JSON, explain rules.
#[derive(Debug, Parser)]
#[command(name = "muster", version, about, after_help = EXAMPLES, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check scenarios and packs against the rules; print diagnostics
    #[command(after_help = CHECK_EXAMPLES)]
    Check(CheckArgs),
    /// Check, then write JSON and HTML briefings for every scenario without errors
    #[command(after_help = BUILD_EXAMPLES)]
    Build(BuildArgs),
    /// Print the full text of a rule: what it checks, why, a failing and a fixed example
    #[command(after_help = EXPLAIN_EXAMPLES)]
    Explain(ExplainArgs),
    /// Print a JSON Schema: the scenario JSON (default) or the diagnostics JSON
    Schema(SchemaArgs),
    /// Re-check (and with --out rebuild) scenarios on every save; optional live preview
    #[command(after_help = crate::watch::EXAMPLES)]
    Watch(crate::watch::WatchArgs),
    /// Watch and serve the map of a scenario for placing things by pointing
    #[command(after_help = crate::watch::STUDIO_EXAMPLES)]
    Studio(crate::watch::StudioArgs),
    /// Print a shell completion script
    Completions(CompletionsArgs),
    /// Rewrite .muster files in the canonical layout (or check that they are in it)
    #[command(after_help = FMT_EXAMPLES)]
    Fmt(FmtArgs),
    /// Run the language server on standard input and output (for editors)
    Lsp(LspArgs),
    /// Create a new scenario pack: muster.toml, a scenario that checks clean, lib/, CI
    New(NewArgs),
    /// Print the balance report: each side's strength within reach of each objective, turn by turn
    #[command(after_help = crate::commands::balance::EXAMPLES)]
    Balance(crate::commands::balance::BalanceArgs),
    /// Write a scenario in another tool's format (GeoJSON for map tools)
    #[command(subcommand)]
    Export(Export),
    /// Turn another tool's file into muster text (GeoJSON traced in a map tool)
    #[command(subcommand)]
    Import(Import),
}

/// The formats `muster import` reads.
#[derive(Debug, Subcommand)]
pub enum Import {
    /// Polygons and lines as `map` items in table metres (needs the scenario's `georeference`)
    #[command(after_help = IMPORT_GEOJSON_EXAMPLES)]
    Geojson(crate::commands::import_geojson::ImportArgs),
    /// An ORBAT Mapper scenario: its units as muster units with proposed elements
    OrbatMapper(crate::commands::orbat_mapper::ImportArgs),
}

const IMPORT_GEOJSON_EXAMPLES: &str = "\
Examples:
  muster import geojson woods.geojson --kind dense-woods --scenario pegasus-bridge.muster
  muster import geojson roads.geojson --kind road --name-property ref --tolerance 5 \\
      --scenario pegasus-bridge.muster --out lib/pegasus-roads.muster

Exit status: 0 imported, 1 a feature could not be imported (nothing written).";

/// The formats `muster export` writes.
#[derive(Debug, Subcommand)]
pub enum Export {
    /// The map and the elements as GeoJSON in longitude and latitude (needs a `georeference`)
    #[command(after_help = EXPORT_GEOJSON_EXAMPLES)]
    Geojson(crate::commands::geojson::ExportArgs),
    /// ORBAT Mapper's scenario JSON: sides, units with symbol codes, positions, arrivals
    OrbatMapper(crate::commands::orbat_mapper::ExportArgs),
}

const EXPORT_GEOJSON_EXAMPLES: &str = "\
Examples:
  muster export geojson pegasus-bridge.muster > pegasus.geojson
  muster export geojson pegasus-bridge.muster --view british --out british.geojson

Exit status: 0 written, 1 the scenario has errors or no georeference (nothing written).";

const FMT_EXAMPLES: &str = "\
Examples:
  muster fmt                          rewrite every .muster file under the current folder
  muster fmt --check scenarios        list files not in the canonical layout (exit 1)
  muster fmt --diff pegasus.muster    show the changes without writing them
  muster fmt - < in.muster > out.muster

Files with syntax errors are left unchanged and reported (exit 1).";

#[derive(Debug, clap::Args)]
pub struct FmtArgs {
    /// Files or folders (searched recursively for *.muster); `-` reads standard input
    #[arg(value_name = "PATH", default_value = ".")]
    pub paths: Vec<PathBuf>,
    /// Write nothing; list the files that would change and exit 1 if any would
    #[arg(long)]
    pub check: bool,
    /// Write nothing; print a unified diff of the changes and exit 1 if any
    #[arg(long)]
    pub diff: bool,
}

#[derive(Debug, clap::Args)]
pub struct LspArgs {
    /// Talk over standard input and output (the only transport; accepted for editors that pass it)
    #[arg(long)]
    pub stdio: bool,
    /// Link to a running `muster studio` on this machine (`127.0.0.1:PORT`):
    /// the map follows the cursor, and clicks on the map open the source
    #[arg(long, value_name = "ADDRESS")]
    pub studio: Option<String>,
}

#[derive(Debug, clap::Args)]
pub struct NewArgs {
    /// The folder to create; its last part names the pack
    #[arg(value_name = "NAME")]
    pub name: PathBuf,
}

const CHECK_EXAMPLES: &str = "\
Examples:
  muster check                       every scenario under the current folder
  muster check pack/ other.muster    a pack and a single file
  muster check pack/lib              library files on their own (syntax and imports)
  muster check --format sarif > muster.sarif

Folders are searched recursively for *.muster files; files inside a `lib` folder
are libraries, checked through the scenarios that `use` them. The pack root is the
nearest folder above holding `muster.toml`.";

const BUILD_EXAMPLES: &str = "\
Examples:
  muster build scenarios/ --out site/
  muster build pegasus-bridge.muster --out /tmp/briefings
  muster build scenarios/ --out site/ --pdf
                                 also print every sheet to PDF, and per scenario
                                 game-pack.pdf (umpire, set-up, sides, players, cards)

`--pdf` needs headless Chromium (Debian: `apt-get install chromium`); without it
the build stops with exit status 2 before writing anything.";

const EXPLAIN_EXAMPLES: &str = "\
Examples:
  muster explain MC301
  muster explain element-separated
  muster explain --list";

/// Options shared by every command that checks scenarios.
#[derive(Debug, clap::Args)]
pub struct CheckOptions {
    /// Scenario files or folders (searched recursively for *.muster)
    #[arg(value_name = "PATH", default_value = ".")]
    pub paths: Vec<PathBuf>,
    /// How to print diagnostics
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Exit with status 1 on warnings too
    #[arg(long)]
    pub deny_warnings: bool,
    /// Findings of one code shown per file; the rest are counted in one closing
    /// line (MC007). 0 shows them all
    #[arg(long, value_name = "N", default_value_t = muster_model::FindingsLimit::DEFAULT)]
    pub max_diagnostics: usize,
}

#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub options: CheckOptions,
}

#[derive(Debug, clap::Args)]
pub struct BuildArgs {
    #[command(flatten)]
    pub options: CheckOptions,
    /// Output folder (default: `out` from muster.toml, relative to the pack root)
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Paper the sheets print on; the set-up sheet turns it to fill the width
    #[arg(long, value_enum, default_value_t = PaperArg::A4)]
    pub paper: PaperArg,
    /// Also print every sheet to PDF with headless Chromium, and join each
    /// scenario's sheets into its `game-pack.pdf`
    #[arg(long)]
    pub pdf: bool,
    /// The Chromium to print with (default: the first of `chromium`,
    /// `chromium-browser`, `google-chrome` on PATH)
    #[arg(long, value_name = "PATH", requires = "pdf")]
    pub chromium: Option<PathBuf>,
    /// Beside each printed sheet, write `<sheet>.maps.json`: where every map
    /// item (feature, label, leader, unit symbol, element mark) lands on paper,
    /// in millimetres, as Chromium lays the sheet out for print
    #[arg(long, requires = "pdf")]
    pub map_geometry: bool,
}

/// A paper size for `build --paper`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PaperArg {
    A4,
    Letter,
    A3,
}

impl PaperArg {
    /// The renderer's paper.
    pub fn paper(self) -> muster_render::Paper {
        match self {
            PaperArg::A4 => muster_render::Paper::A4,
            PaperArg::Letter => muster_render::Paper::Letter,
            PaperArg::A3 => muster_render::Paper::A3,
        }
    }
}

#[derive(Debug, clap::Args)]
pub struct ExplainArgs {
    /// A rule code (`MC301`) or name (`element-separated`)
    #[arg(value_name = "CODE", required_unless_present = "list")]
    pub code: Option<String>,
    /// List every rule: code, name, default severity, summary
    #[arg(long, conflicts_with = "code")]
    pub list: bool,
}

#[derive(Debug, clap::Args)]
pub struct SchemaArgs {
    /// Print the schema of `muster check --format json` instead
    #[arg(long)]
    pub diagnostics: bool,
}

#[derive(Debug, clap::Args)]
pub struct CompletionsArgs {
    /// The shell to generate completions for
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Diagnostic output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Reports with source snippets for people (colour on a terminal)
    Human,
    /// Versioned JSON (see `muster schema --diagnostics`)
    Json,
    /// GitHub Actions workflow commands (annotations)
    Github,
    /// SARIF 2.1.0 for code-scanning tools
    Sarif,
}
