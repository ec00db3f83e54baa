//! Loading variants: reading a rules file, compiling it with option values
//! and the hooks of a registry (by default every hook this crate ships), and
//! reading separate test files. This is where the compiler meets the hooks;
//! neither knows the other.

use std::path::Path;
use std::sync::Arc;

use crate::compile::{self, OptionValues};
use crate::diag::Diagnostic;
use crate::engine::{Registry, Variant};
use crate::rules::{self, RulesFile, Source, TestCase};

/// Largest rules or test file read (a rules file is a few hundred kilobytes at most).
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// Reads a text file a user names, refusing what is not a regular file or
/// is too large.
pub fn read_text_file(path: &Path) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if !meta.is_file() {
        return Err(format!("cannot read {}: not a regular file", path.display()));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!(
            "cannot read {}: {} bytes is more than the {} MiB a rules, test or record file may have",
            path.display(),
            meta.len(),
            MAX_FILE_BYTES >> 20
        ));
    }
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn read_source(path: &Path) -> Result<Source, Box<Diagnostic>> {
    let name = path.display().to_string();
    read_text_file(path)
        .map(|text| Source {
            name: name.clone(),
            text,
        })
        .map_err(|e| Box::new(Diagnostic::new(&name, "", 0..0, e)))
}

/// How to load variants: option values and the hooks available.
#[derive(Clone, Debug)]
pub struct Loader {
    registry: Registry,
    options: OptionValues,
}

impl Default for Loader {
    fn default() -> Self {
        Loader::new()
    }
}

impl Loader {
    /// Every shipped hook, no options chosen.
    pub fn new() -> Loader {
        Loader {
            registry: crate::hooks::registry(),
            options: OptionValues::new(),
        }
    }

    /// Uses these hooks instead (e.g. the shipped ones plus a hook of your own).
    pub fn registry(mut self, registry: Registry) -> Loader {
        self.registry = registry;
        self
    }

    /// Chooses option values (`thunderclap = kooshogifu`).
    pub fn options(mut self, options: OptionValues) -> Loader {
        self.options = options;
        self
    }

    /// The same loader with more option values (they win over its own).
    pub fn with_options(&self, more: &OptionValues) -> Loader {
        let mut l = self.clone();
        for (k, v) in more {
            l.options.insert(k.clone(), v.clone());
        }
        l
    }

    /// Reads and compiles a rules file.
    pub fn load(&self, path: &Path) -> Result<Arc<Variant>, Box<Diagnostic>> {
        Ok(self.load_full(path)?.variant)
    }

    /// Compiles rules text; `name` is used in diagnostics.
    pub fn load_str(&self, name: &str, text: &str) -> Result<Arc<Variant>, Box<Diagnostic>> {
        let src = Source {
            name: name.into(),
            text: text.into(),
        };
        Ok(self.compile_source(src)?.variant)
    }

    /// Reads and compiles a rules file, keeping its schema (with its test
    /// cases) and lint warnings.
    pub fn load_full(&self, path: &Path) -> Result<Compiled, Box<Diagnostic>> {
        self.compile_source(read_source(path)?)
    }

    /// Compiles a source, keeping its schema and lint warnings.
    pub fn compile_source(&self, source: Source) -> Result<Compiled, Box<Diagnostic>> {
        let file = rules::parse(&source)?;
        let mut variant = compile::compile(&file, &source, &self.options, &self.registry)?;
        if let Some(w) = &file.engine.weights {
            variant.engine_weights = Some(engine_weights(&variant, &source, w)?);
        }
        if let Some(n) = &file.engine.network {
            variant.engine_network = Some(engine_network(&variant, &source, n)?);
        }
        let warnings = compile::lints(&file, &variant);
        Ok(Compiled {
            variant: Arc::new(variant),
            file,
            warnings,
            source,
            loader: self.clone(),
        })
    }
}

/// Whether a path names an engine weights file (`*.weights.toml`, as
/// `chimera tune` writes them) rather than a rules file: folders of rules
/// files may hold them too.
pub fn is_weights_file(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.ends_with(".weights.toml"))
}

/// Reads the weights file `[engine] weights` names (relative to the rules
/// file), checked against the variant.
fn engine_weights(
    v: &Variant,
    source: &Source,
    name: &toml::Spanned<String>,
) -> Result<Vec<f64>, Box<Diagnostic>> {
    let path = Path::new(&source.name)
        .parent()
        .unwrap_or(Path::new(""))
        .join(name.get_ref());
    let v = Arc::new(v.clone());
    // A rules file compiled from text (a bundled one) has no folder: its
    // weights file is one of the bundled ones, if it exists nowhere else.
    let bundled = crate::bundled::WEIGHTS
        .iter()
        .find(|(n, _)| *n == name.get_ref() && !path.exists());
    let weights = match bundled {
        Some((n, text)) => crate::game::search::Weights::parse(&v, n, text),
        None => crate::game::search::Weights::read(&v, &path),
    };
    weights.map(|w| w.to_vec()).map_err(|e| {
        Box::new(
            source
                .error(
                    name.span(),
                    format!("cannot use the weights file {}", path.display()),
                )
                .help(e.trim().to_string()),
        )
    })
}

/// Reads the network file `[engine] network` names (relative to the rules
/// file), checked against the variant.
fn engine_network(
    v: &Variant,
    source: &Source,
    name: &toml::Spanned<String>,
) -> Result<Arc<dyn std::any::Any + Send + Sync>, Box<Diagnostic>> {
    let path = Path::new(&source.name)
        .parent()
        .unwrap_or(Path::new(""))
        .join(name.get_ref());
    let bundled = crate::bundled::NETWORKS
        .iter()
        .find(|(n, _)| *n == name.get_ref() && !path.exists());
    let bytes = match bundled {
        Some((_, bytes)) => Ok(bytes.to_vec()),
        None => std::fs::read(&path).map_err(|e| e.to_string()),
    };
    let v = Arc::new(v.clone());
    let network = bytes.and_then(|b| crate::game::nnue::Network::from_bytes(&v, &b));
    match network {
        Ok(n) => Ok(Arc::new(n)),
        Err(e) => Err(Box::new(
            source
                .error(
                    name.span(),
                    format!("cannot use the network file {}", path.display()),
                )
                .help(e),
        )),
    }
}

/// A compiled rules file with its schema and lint warnings.
pub struct Compiled {
    /// The variant.
    pub variant: Arc<Variant>,
    /// The parsed rules file (its `[[test]]` cases included).
    pub file: RulesFile,
    /// Lint warnings.
    pub warnings: Vec<String>,
    /// The rules text.
    pub source: Source,
    loader: Loader,
}

impl Compiled {
    /// The same rules file compiled with more option values (on top of the
    /// loader's).
    pub fn with_options(&self, more: &OptionValues) -> Result<Arc<Variant>, Box<Diagnostic>> {
        let mut chosen = self.loader.options.clone();
        chosen.extend(more.iter().map(|(k, v)| (k.clone(), v.clone())));
        compile::compile(&self.file, &self.source, &chosen, &self.loader.registry).map(Arc::new)
    }
}

/// Reads and compiles a rules file with every shipped hook and default options.
///
/// ```
/// let chess = chimera::load(std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/chess.toml")))?;
/// assert_eq!(chess.name(), "Chess");
/// # Ok::<(), Box<chimera::Diagnostic>>(())
/// ```
pub fn load(path: &Path) -> Result<Arc<Variant>, Box<Diagnostic>> {
    Loader::new().load(path)
}

/// Compiles rules text (`name` names it in diagnostics).
///
/// ```
/// let v = chimera::load_str("mini.toml", r#"
/// [variant]
/// name = "Mini"
/// [board]
/// files = 3
/// ranks = 3
/// [[piece]]
/// name = "king"
/// symbol = "K"
/// betza = "K"
/// royal = true
/// [setup]
/// position = "k2/3/2K w - - 0 1"
/// "#)?;
/// assert_eq!(v.board().squares(), 9);
/// # Ok::<(), Box<chimera::Diagnostic>>(())
/// ```
pub fn load_str(name: &str, text: &str) -> Result<Arc<Variant>, Box<Diagnostic>> {
    Loader::new().load_str(name, text)
}

/// Reads a separate test file (`[[test]]` tables).
pub fn load_tests(path: &Path) -> Result<Vec<TestCase>, Box<Diagnostic>> {
    let src = read_source(path)?;
    toml::from_str::<rules::TestFile>(&src.text)
        .map(|f| f.tests)
        .map_err(|e| {
            let span = e.span().unwrap_or(0..0);
            Box::new(
                src.error(
                    span,
                    e.message()
                        .lines()
                        .next()
                        .unwrap_or("invalid test file")
                        .to_string(),
                ),
            )
        })
}
