//! A small reader for Fairy-Stockfish's `variants.ini`: sections
//! `[name]` or `[name:parent]`, then `key = value` lines; `#` and `;` start
//! comment lines. Every section and key keeps its byte span, so that every
//! message about it can point at its line and column. Bounded: the input is
//! at most [`MAX_INI_BYTES`], and nothing here can panic on any text.

use std::ops::Range;

use crate::Diagnostic;

/// The largest ini text read (Fairy-Stockfish's own file is about 80 kB).
pub const MAX_INI_BYTES: usize = 4 << 20;

/// One `key = value` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The key, trimmed.
    pub key: String,
    /// The value, trimmed.
    pub value: String,
    /// Byte span of the key.
    pub key_span: Range<usize>,
    /// Byte span of the value (empty at the end of the line when the value is).
    pub value_span: Range<usize>,
    /// 1-based line number.
    pub line: usize,
}

/// A section: its name, its parent, its entries in file order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// The variant name.
    pub name: String,
    /// The parent variant after `:`, if any.
    pub parent: Option<String>,
    /// Byte span of the header `[...]`.
    pub span: Range<usize>,
    /// Byte span of the parent's name, if any.
    pub parent_span: Option<Range<usize>>,
    /// 1-based line of the header.
    pub line: usize,
    /// The entries, in file order (a repeated key: the last one counts, as in
    /// Fairy-Stockfish).
    pub entries: Vec<Entry>,
}

impl Section {
    /// The entry that counts for `key` (the last one), if any.
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().rev().find(|e| e.key == key)
    }
}

/// A parsed ini text.
#[derive(Debug, Clone)]
pub struct Ini {
    /// The file name, for messages.
    pub file: String,
    /// The text.
    pub text: String,
    /// The sections in file order.
    pub sections: Vec<Section>,
}

impl Ini {
    /// A diagnostic at `span` of this text.
    pub fn error(&self, span: Range<usize>, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(&self.file, &self.text, span, message)
    }
}

/// Reads an ini text. Lines before the first section may only be comments
/// or blank (Fairy-Stockfish skips them; so do we, but a `key = value` line
/// there is an error: it would belong to no variant).
#[allow(clippy::result_large_err)] // one diagnostic per section or file: its size costs nothing
pub fn parse(file: &str, text: &str) -> Result<Ini, Diagnostic> {
    if text.len() > MAX_INI_BYTES {
        return Err(Diagnostic::new(
            file,
            "",
            0..0,
            format!("{file}: larger than {MAX_INI_BYTES} bytes"),
        ));
    }
    let mut sections: Vec<Section> = Vec::new();
    let mut offset = 0usize;
    for (i, raw) in text.split('\n').enumerate() {
        let line_no = i + 1;
        let start = offset;
        offset += raw.len() + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let lead = line.len() - line.trim_start().len();
        let body = line.trim();
        if body.is_empty() || body.starts_with('#') || body.starts_with(';') {
            continue;
        }
        let at = |a: usize, b: usize| (start + a)..(start + b);
        if body.starts_with('[') {
            sections.push(header(file, text, line, lead, start, line_no)?);
            continue;
        }
        let Some(eq) = line.find('=') else {
            return Err(Diagnostic::new(
                file,
                text,
                at(lead, line.len()),
                "expected `key = value`, a `[section]` or a comment",
            ));
        };
        let key_raw = &line[..eq];
        let key = key_raw.trim();
        if key.is_empty() {
            return Err(Diagnostic::new(
                file,
                text,
                at(lead, eq + 1),
                "a value without a key",
            ));
        }
        let value_raw = &line[eq + 1..];
        let v_lead = value_raw.len() - value_raw.trim_start().len();
        let value = value_raw.trim();
        let v_start = eq + 1 + v_lead;
        let entry = Entry {
            key: key.to_string(),
            value: value.to_string(),
            key_span: at(lead, lead + key.len()),
            value_span: at(v_start, v_start + value.len()),
            line: line_no,
        };
        match sections.last_mut() {
            Some(s) => s.entries.push(entry),
            None => {
                return Err(Diagnostic::new(
                    file,
                    text,
                    entry.key_span,
                    "a key before the first `[section]`",
                )
                .help("every key belongs to a variant: put a `[name]` line above it"));
            }
        }
    }
    Ok(Ini {
        file: file.to_string(),
        text: text.to_string(),
        sections,
    })
}

/// A `[name]` or `[name:parent]` line.
#[allow(clippy::result_large_err)] // one diagnostic per file: its size costs nothing
fn header(
    file: &str,
    text: &str,
    line: &str,
    lead: usize,
    start: usize,
    line_no: usize,
) -> Result<Section, Diagnostic> {
    let at = |a: usize, b: usize| (start + a)..(start + b);
    let Some(close) = line.find(']') else {
        return Err(
            Diagnostic::new(file, text, at(lead, line.len()), "a section header without `]`")
                .help("write `[name]` or `[name:parent]`"),
        );
    };
    if !line[close + 1..].trim().is_empty() {
        return Err(Diagnostic::new(
            file,
            text,
            at(close + 1, line.len()),
            "text after a section header",
        ));
    }
    let inner = &line[lead + 1..close];
    let (name, parent, parent_span) = match inner.split_once(':') {
        Some((n, p)) => {
            let p_off = lead + 1 + n.len() + 1;
            (n, Some(p.trim().to_string()), Some(at(p_off, p_off + p.len())))
        }
        None => (inner, None, None),
    };
    let name = name.trim();
    if name.is_empty() || name.contains(char::is_whitespace) {
        return Err(Diagnostic::new(
            file,
            text,
            at(lead, close + 1),
            "a section needs a variant name without spaces",
        )
        .help("write `[name]` or `[name:parent]`"));
    }
    if parent
        .as_deref()
        .is_some_and(|p| p.is_empty() || p.contains(char::is_whitespace) || p.contains(':'))
    {
        return Err(Diagnostic::new(
            file,
            text,
            parent_span.clone().unwrap_or(at(lead, close + 1)),
            "not a parent variant's name",
        ));
    }
    Ok(Section {
        name: name.to_string(),
        parent,
        span: at(lead, close + 1),
        parent_span,
        line: line_no,
        entries: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_keys_and_positions() {
        let text = "# c\n[a]\nx = 1\n[b:a]\n  y=  two words \n";
        let ini = parse("t.ini", text).unwrap();
        assert_eq!(ini.sections.len(), 2);
        assert_eq!(ini.sections[1].parent.as_deref(), Some("a"));
        let y = &ini.sections[1].entries[0];
        assert_eq!((y.key.as_str(), y.value.as_str(), y.line), ("y", "two words", 5));
        assert_eq!(&text[y.value_span.clone()], "two words");
    }

    #[test]
    fn errors_have_places() {
        for bad in [
            "x = 1\n",
            "[a\n",
            "[a]\nnonsense\n",
            "[a] x\n",
            "[]\n",
            "[a:]\n",
            "[a]\n= 3\n",
        ] {
            let e = parse("t.ini", bad).unwrap_err();
            assert!(e.line >= 1, "{bad}");
        }
    }
}
