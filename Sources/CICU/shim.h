#include <unicode/ubrk.h>
#include <unicode/utypes.h>
