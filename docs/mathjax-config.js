// Added by Doxygen (MATHJAX_CODEFILE) after its own MathJax.Hub.Config in every page.

// Operator macros. docs/macros.tex holds the book's other macros, but Doxygen wraps each
// of those in braces, and a braced operator loses its spacing and its limits
// ({\operatorname{tr}}A prints "trA", {\operatorname*{arg\,min}}_X puts X at the side).
// Defined here, they behave as in LaTeX: \tr A, \diag(\lambda), \rank A, \argmin_X.
MathJax.Hub.Config({
  TeX: {
    Macros: {
      tr: "\\operatorname{tr}",
      diag: "\\operatorname{diag}",
      rank: "\\operatorname{rank}",
      argmin: "\\operatorname*{arg\\,min}",
      argmax: "\\operatorname*{arg\\,max}"
    }
  }
});

// MathJax 2's HTML-CSS output declares a helper font, MathJax_Blank, with the source
// url('about:blank'). It is never a real font (the browser falls back to the next one),
// but each time MathJax loads a web font on demand (AMS symbols, large operators, …)
// Chromium tries to fetch it and logs a console error: "Access to font at 'about:blank'
// … blocked by CORS policy". A local() source that does not exist behaves the same
// (no font, fall back) without a request, so the console stays clean.
MathJax.Hub.Config({
  "HTML-CSS": {
    styles: {
      "@font-face": { "font-family": "MathJax_Blank", src: "local('MathJax_Blank_none')" }
    }
  }
});
