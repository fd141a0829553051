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

/* gcc would merge the handlers' identical tails, and with them the indirect
 * jumps that must stay one per handler to predict well: put this before
 * the interpreter's function. */
#if defined(__GNUC__) && !defined(__clang__)
#define INTERP_NO_CROSSJUMPING __attribute__((optimize("no-crossjumping")))
#else
#define INTERP_NO_CROSSJUMPING
#endif

/* The dispatch, both ways. The interpreter defines FETCH() (the next
 * decoded form into its variable) and, for computed goto, a table
 * interp_labels of &&L_name by handler; then
 *   INTERP_CASE(H_PREFIX, name)  opens handler name (H_PREFIX##name)
 *   INTERP_DISPATCH(handler)     runs the handler of what FETCH read
 *   INTERP_NEXT()                fetches and dispatches the next one
 *   INTERP_BEGIN(type, handler, count) ... INTERP_END  around the handlers
 *                                (count: the handler enum's count, a case
 *                                that only leaves the switch).
 * The switch's NEXT is a goto, not continue: it is also used inside
 * do-while macros. */
#if USE_COMPUTED_GOTO
#define INTERP_CASE(prefix, name) L_##name:
#define INTERP_DISPATCH(handler) goto *interp_labels[handler]
#define INTERP_NEXT()                                                                    \
    do {                                                                                 \
        FETCH();                                                                         \
        DISPATCH();                                                                      \
    } while (0)
#define INTERP_BEGIN(type, handler, count) NEXT();
#define INTERP_END
#else
#define INTERP_CASE(prefix, name) case prefix##name:
#define INTERP_DISPATCH(handler) goto dispatch
#define INTERP_NEXT() goto next
#define INTERP_BEGIN(type, handler, count)                                               \
    for (;;) {                                                                           \
    next:                                                                                \
        FETCH();                                                                         \
    dispatch:                                                                            \
        switch ((type)(handler)) {                                                       \
        case count:                                                                      \
            break;
#define INTERP_END                                                                       \
    }                                                                                    \
    }
#endif

#endif
