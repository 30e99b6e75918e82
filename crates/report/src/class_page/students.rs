//! The class page's table of students: a row per student (score, points, passed/total per
//! method or letter, the rules named, what stopped runs), sorted by any column with a click on
//! its heading. The page's one script does the sorting: a fixed text of this file that reads
//! the cells' `data-v` values, never the class's text.

use std::fmt::Write as _;

use searchlab_check::grade::{html_text as escape, ClassTable, StudentLine, STUDENTS_TITLE};

/// The sorting script: a click on a heading's button orders the rows by that column (again:
/// the other way), numbers by their `data-v`, text alphabetically; `aria-sort` says which.
pub const SORT_SCRIPT: &str = "\
document.querySelectorAll('table.students th button').forEach((button, column) => {
  button.addEventListener('click', () => {
    const table = button.closest('table'), heading = button.parentElement;
    const up = heading.getAttribute('aria-sort') !== 'ascending';
    table.querySelectorAll('th').forEach((h) => h.removeAttribute('aria-sort'));
    heading.setAttribute('aria-sort', up ? 'ascending' : 'descending');
    const key = (row) => row.cells[column].dataset.v ?? row.cells[column].textContent;
    const numeric = (v) => v !== '' && !Number.isNaN(Number(v));
    const rows = [...table.tBodies[0].rows].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      const order = numeric(x) && numeric(y) ? Number(x) - Number(y) : x.localeCompare(y);
      return up ? order : -order;
    });
    table.tBodies[0].append(...rows);
  });
});
";

/// The students' section: the scoring line and the table (nothing without students).
pub fn students_section(out: &mut String, table: &ClassTable) {
    if table.rows.is_empty() {
        return;
    }
    let _ = writeln!(out, "<h2 id=\"students\">{STUDENTS_TITLE}</h2>");
    if !table.scoring.is_empty() {
        let _ = writeln!(out, "<p>{}</p>", escape(&table.scoring));
    }
    out.push_str("<p class=\"hint\">Click a column's heading to sort by it.</p>\n");
    out.push_str("<div class=\"wide\"><table class=\"students\">\n<thead><tr>");
    let button =
        |label: &str, class: &str| format!("<th{class}><button type=\"button\">{}</button></th>", escape(label));
    out.push_str(&button("student", ""));
    out.push_str(&button("score (%)", " class=\"n\""));
    out.push_str(&button("points", " class=\"n\""));
    for method in &table.methods {
        out.push_str(&button(method, " class=\"n\""));
    }
    out.push_str(&button("rules", ""));
    out.push_str(&button("stopped", ""));
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in &table.rows {
        student_row(out, row, table.methods.len());
    }
    out.push_str("</tbody>\n</table></div>\n");
}

/// One student's row; numeric cells carry their value for sorting (`-1`: nothing to sort by).
fn student_row(out: &mut String, row: &StudentLine, methods: usize) {
    let number = |v: f64, text: &str| format!("<td class=\"n\" data-v=\"{v}\">{}</td>", escape(text));
    let _ = write!(out, "<tr><td>{}</td>", escape(&row.student));
    out.push_str(&number(row.percent.unwrap_or(-1.0), &row.percent_text()));
    out.push_str(&number(if row.error.is_some() { -1.0 } else { row.score }, &row.points_text()));
    for column in 0..methods {
        let ratio = row.methods[column].map_or(-1.0, |(p, t)| if t == 0 { -1.0 } else { p as f64 / t as f64 });
        out.push_str(&number(ratio, &row.method_text(column)));
    }
    match &row.error {
        Some(error) => {
            let _ = write!(out, "<td>could not be graded: {}</td>", escape(error));
        }
        None => {
            let rules: Vec<String> = row.rules.iter().map(|r| format!("<code>{}</code>", escape(r))).collect();
            let _ = write!(out, "<td>{}</td>", rules.join(", "));
        }
    }
    let _ = writeln!(out, "<td>{}</td></tr>", escape(&row.stopped_text()));
}

#[cfg(test)]
mod tests {
    use super::super::tests::summary;
    use super::*;

    #[test]
    fn every_student_has_a_row_with_sort_values() {
        let mut out = String::new();
        students_section(&mut out, &summary().table);
        assert_eq!(out.matches("<tr><td>").count(), 5, "{out}");
        assert!(out.contains("<th class=\"n\"><button type=\"button\">B</button></th>") || !out.contains(">B<"));
        // carol: 10 of 40 points, a combination shown as its two rules, three crashes.
        assert!(
            out.contains(
                "<tr><td>carol</td><td class=\"n\" data-v=\"25\">25.0</td><td class=\"n\" data-v=\"10\">10 of 40</td>\
                 <td><code>goal-on-generation</code>, <code>children-reversed</code></td><td>crash 3</td></tr>"
            ),
            "{out}"
        );
        // The student who could not be graded sorts last by score and says why, escaped.
        assert!(out.contains("<td class=\"n\" data-v=\"-1\">-</td>"), "{out}");
        assert!(out.contains("could not be graded: no file &quot;a&amp;b.py&quot;"), "{out}");
        assert!(!out.contains("<script") && !out.contains("<b>"), "{out}");
    }
}
