#include <stdio.h>
int main(void) { puts("imprint " IMPRINT_VERSION); return 0; }
