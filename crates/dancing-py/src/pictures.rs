//! How Jupyter shows a problem and its solutions: `Problem.picture` and `sheet` draw
//! solutions of boards (`dancing::problems::board_svg`, the command line's printer) as
//! `dancing.Picture`s, and `_repr_html_` shows a problem as a table of its options.

use dancing::OptionId;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::problem::Problem;

/// The most options `_repr_html_` lists.
const HTML_OPTIONS: usize = 12;

impl Problem {
    /// The problem's options of one solution (their indices, or their data).
    fn solution_options(
        &self,
        py: Python<'_>,
        solution: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<OptionId>> {
        self.caller_indices(py, solution)?
            .into_iter()
            .map(|k| self.problem_index(k))
            .collect()
    }

    /// The SVG of one solution (its options' indices, or their data), or why there is
    /// none.
    fn solution_svg(&self, py: Python<'_>, solution: &Bound<'_, PyAny>) -> PyResult<String> {
        let options = self.solution_options(py, solution)?;
        self.drawing().svg(self.inner(), &options).ok_or_else(|| {
            PyValueError::new_err(
                "no picture: the problem draws none (queens, dominoes and packings do), \
                 and its items are not cells named like r0c0 (a board's)",
            )
        })
    }
}

/// A `dancing.Picture` of the SVG text `svg`.
fn picture(py: Python<'_>, svg: String) -> PyResult<PyObject> {
    let class = py.import("dancing._picture")?.getattr("Picture")?;
    Ok(class.call1((svg,))?.unbind())
}

/// `text` with HTML's special characters written as entities.
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(ch),
        }
    }
    out
}

#[pymethods]
impl Problem {
    /// The picture of a solution (its options' indices, or their data), as `dancing
    /// problem … --svg` draws it: queens on a chequered board (`Problem.queens`), and
    /// for a board (`polyomino`, `dominoes`, or any problem whose items are cells named
    /// `r{r}c{c}`) each option's cells as one piece in its own colour, touching pieces
    /// apart, holes dark. A `dancing.Picture`: `svg()` gives the text, and Jupyter
    /// shows it.
    fn picture(&self, py: Python<'_>, solution: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let svg = self.solution_svg(py, solution)?;
        picture(py, svg)
    }

    /// A solution as text, as `dancing problem` prints it: the queens' board, the
    /// Langford sequence, the Latin square, the dominoes (`<>`, `^v`) or the packing
    /// (each cell its piece's letter); empty for other problems.
    fn text(&self, py: Python<'_>, solution: &Bound<'_, PyAny>) -> PyResult<String> {
        let options = self.solution_options(py, solution)?;
        Ok(self.drawing().text(self.inner(), &options))
    }

    /// Several solutions' pictures side by side as one, `columns` to a row (by default
    /// about as many as rows, at most four), as `picture` draws each.
    #[pyo3(signature = (solutions, columns = None))]
    fn sheet(
        &self,
        py: Python<'_>,
        solutions: &Bound<'_, PyAny>,
        columns: Option<usize>,
    ) -> PyResult<PyObject> {
        let pictures = solutions
            .try_iter()?
            .map(|solution| self.solution_svg(py, &solution?))
            .collect::<PyResult<Vec<String>>>()?;
        let columns = match columns {
            Some(0) => return Err(PyValueError::new_err("columns=0: give 1 or more")),
            Some(columns) => columns,
            None => dancing::svg::columns(pictures.len()),
        };
        picture(py, dancing::svg::sheet(&pictures, columns))
    }

    /// The problem as Jupyter shows it: its size, then its first options as rows of a
    /// table, each its items.
    fn _repr_html_(&self) -> PyResult<String> {
        let problem = self.inner();
        let primary = problem.items().filter(|&i| problem.is_primary(i)).count();
        let options = self.caller_count();
        let mut html = format!(
            "<table><caption>Problem: {} items ({primary} primary, {} secondary), \
             {options} options</caption><tr><th>option</th><th>items</th></tr>",
            problem.item_count(),
            problem.item_count() - primary,
        );
        for k in 0..options.min(HTML_OPTIONS) {
            let line = self.option(k)?;
            html.push_str(&format!(
                "<tr><td>{k}</td><td><code>{}</code></td></tr>",
                escaped(&line)
            ));
        }
        if options > HTML_OPTIONS {
            html.push_str(&format!(
                "<tr><td colspan=\"2\">… and {} more</td></tr>",
                options - HTML_OPTIONS
            ));
        }
        html.push_str("</table>");
        Ok(html)
    }
}
