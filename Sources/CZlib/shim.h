#ifndef HEALTHSIG_CZLIB_SHIM_H
#define HEALTHSIG_CZLIB_SHIM_H
#include <zlib.h>
#endif
