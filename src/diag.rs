//! Diagnostics for rules files and other user text: a message, the file, the
//! span it points at, and a help line. Rendered with miette so the user sees
//! the line with a caret; `Display` gives a one-line `file:line:col: message`.

use std::ops::Range;

use miette::{GraphicalReportHandler, GraphicalTheme, NamedSource, SourceSpan};

/// A user-facing error with its place in a source text.
#[derive(Debug, Clone, thiserror::Error, miette::Diagnostic)]
#[error("{message}")]
pub struct Diagnostic {
    /// What is wrong.
    pub message: String,
    /// The text the span points into, with its file name.
    #[source_code]
    pub source_code: NamedSource<String>,
    /// The part of the text that is wrong.
    #[label("{label}")]
    pub span: SourceSpan,
    /// The words under the caret ("here", "not a piece of this variant").
    pub label: String,
    /// What to do about it, if there is advice.
    #[help]
    pub help: Option<String>,
    /// 1-based line of the span's start.
    pub line: usize,
    /// 1-based character column of the span's start.
    pub column: usize,
    /// The file name.
    pub file: String,
}

impl Diagnostic {
    /// A diagnostic at `span` (byte offsets) of `text`, the contents of `file`.
    pub fn new(file: &str, text: &str, span: Range<usize>, message: impl Into<String>) -> Self {
        let start = span.start.min(text.len());
        let end = span.end.clamp(start, text.len());
        let (line, column) = line_col(text, start);
        Diagnostic {
            message: message.into(),
            source_code: NamedSource::new(file, text.to_string()),
            span: (start, end - start).into(),
            label: "here".into(),
            help: None,
            line,
            column,
            file: file.to_string(),
        }
    }

    /// Sets the label under the caret.
    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    /// Adds advice.
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// The full report: location line, the source line with a caret, help.
    pub fn render(&self) -> String {
        if self.source_code.inner().is_empty() {
            // Nothing to show (the file could not be read).
            return format!("error: {}\n", self.message);
        }
        let text = self.source_code.inner();
        let start = self.span.offset().min(text.len());
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        if line_end - line_start > 300 {
            // A line too long to show usefully: the place and the message.
            let mut out = format!(
                "{}:{}:{}: {}\n  (line {} is {} bytes long; not shown)\n",
                self.file,
                self.line,
                self.column,
                self.message,
                self.line,
                line_end - line_start
            );
            if let Some(h) = &self.help {
                out.push_str(&format!("  help: {h}\n"));
            }
            return out;
        }
        let mut out = String::new();
        let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(100);
        let _ = handler.render_report(&mut out, self);
        // miette's report opens with the message (`× …`, wrapped), which the
        // location line already says: keep only its source excerpt and help.
        let excerpt = match out.find('╭') {
            Some(at) => &out[out[..at].rfind('\n').map_or(0, |i| i + 1)..],
            None => out.as_str(),
        };
        format!(
            "{}:{}:{}: {}\n{}",
            self.file, self.line, self.column, self.message, excerpt
        )
    }
}

/// A text cut to at most `max` characters (with `…`), for quoting user input
/// in messages.
pub fn shorten(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let cut: String = s.chars().take(max).collect();
        format!("{cut}…")
    }
}

/// 1-based line and character column of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Levenshtein distance, for "did you mean" suggestions.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The closest candidate within a small edit distance.
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (edit_distance(&word.to_lowercase(), &c.to_lowercase()), c))
        .filter(|(d, c)| *d <= (c.len() / 3).max(2))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}
