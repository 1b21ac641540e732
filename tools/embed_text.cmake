# Writes a text file into a C source as one string, at build time (so editing the text rebuilds it):
#   cmake -DIN=docs/scripts/showcase_range.txt -DOUT=build/embed/showcase_range.c -DNAME=showcase_range -P tools/embed_text.cmake
# gives  const char showcase_range[] = "...";  (the file's bytes, every line kept).
file(READ "${IN}" text)
string(REPLACE "\\" "\\\\" text "${text}")
string(REPLACE "\"" "\\\"" text "${text}")
string(REPLACE "\t" "\\t" text "${text}")
string(REPLACE "\n" "\\n\"\n    \"" text "${text}")
file(WRITE "${OUT}.tmp" "/* generated from ${IN} by tools/embed_text.cmake: edit that file, not this one */\nextern const char ${NAME}[];\nconst char ${NAME}[] =\n    \"${text}\";\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
