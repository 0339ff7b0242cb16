# Copies the parts of MathJax 2 the book uses (the loader, TeX input, HTML-CSS output,
# their fonts and extensions) next to the HTML, once.
if(EXISTS ${DST}/MathJax.js)
  return()
endif()
file(MAKE_DIRECTORY ${DST})
file(COPY ${SRC}/MathJax.js ${SRC}/config ${SRC}/extensions ${SRC}/fonts ${SRC}/jax ${SRC}/localization
     DESTINATION ${DST})
