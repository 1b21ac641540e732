/* text.h — the line-and-word reading the text formats share (scripts, level files) (GL-free).
 *
 *   const char *p = text;
 *   char line[MAX + 1];
 *   size_t len;
 *   while (text_next_line(&p, line, MAX, &len)) {
 *       if (len > MAX) -> error "line is longer than MAX characters" (line is left empty)
 *       char *tok[N];
 *       int n = text_split_words(line, tok, N);   words of line, modified in place
 *   }
 *
 * text_next_line takes the line at *p (up to '\n' or the end), copies it into line when it has at
 * most max characters, sets *len to its length either way and moves *p past it and its '\n'; false
 * at the end of the text. text_split_words cuts line at the first '#' (a comment), splits the rest
 * at blanks (space, tab, CR, VT, FF) and returns the word count, which may exceed max: only the
 * first max words are stored, so an arity error can say how many there were.
 * text_error writes "FILE:LINE: message" (or "FILE: message" when line <= 0) into err, cut to
 * errlen; nothing when err is NULL or errlen 0.
 */
#ifndef IMPRINT_CORE_TEXT_H
#define IMPRINT_CORE_TEXT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

bool text_next_line(const char **p, char *line, size_t max, size_t *len);
int text_split_words(char *line, char **tok, int max);
void text_error(char *err, size_t errlen, const char *file, int line, const char *fmt, va_list ap);

#ifdef __cplusplus
}
#endif

#endif
