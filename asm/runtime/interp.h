/* What both interpreters dispatch with. Computed goto (a GNU extension gcc
 * and clang both have) gives each handler its own indirect jump, which
 * predicts far better than one shared switch; defining INTERP_USE_SWITCH
 * before including this builds the portable switch instead, so a test build
 * can exercise that path too. */
#ifndef ASM_INTERP_H
#define ASM_INTERP_H

#if defined(__GNUC__) && !defined(INTERP_USE_SWITCH)
#define USE_COMPUTED_GOTO 1
#else
#define USE_COMPUTED_GOTO 0
#endif

#if defined(__GNUC__)
#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define LIKELY(x) (x)
#define UNLIKELY(x) (x)
#endif

#endif
