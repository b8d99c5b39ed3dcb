/* The compiled core of the exact search for a(n) (An Integer Sequence Game, one player).
 *
 * It is rules/integer_sequence_solver.py's inner search (_run) and its size bounds
 * (rules/integer_sequence_bounds.py) in C: the same cuts, each a proof, read there. Values
 * are unsigned 64-bit: every m(k) of a game on 1..n is at most 2·n!, which fits for n <= 20
 * (MAX_N). A product that would overflow is either impossible (a candidate the size bounds
 * allow but no game reaches: skipped) or a real game value (reported as an error).
 * Primality is Miller–Rabin with bases proven deterministic for every 64-bit number.
 *
 * Several threads may run searches at once (the caller releases the GIL): the set data and
 * the upper bounds are shared caches filled without locks (every writer writes the same
 * value), the gate cache is per thread, and an exact search shares its best total through an
 * atomic so each part prunes with what the others found.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_N 20
#define MASKS (1u << (MAX_N + 1))
#define SMALL 5
#define MARGIN 1.000001

/* fmin/fmax without the library call (no NaN reaches them) */
#define FMIN(a, b) ((a) < (b) ? (a) : (b))
#define FMAX(a, b) ((a) > (b) ? (a) : (b))

typedef unsigned __int128 u128;

enum { MODE_EXACT = 0, MODE_COLLECT = 1, MODE_HEUR = 2 };
enum { RUN_OK = 0, RUN_STOPPED = 1, RUN_OVERFLOW = 2, RUN_NOMEM = 3, RUN_INVALID = 4 };

/* Set by the caller (Ctrl-C, SIGTERM): every search returns RUN_STOPPED soon after. */
volatile int qr_stop = 0;

/* ---------------------------------------------------------------- primality */

/* x = n^-1 mod 2^64 for odd n (Newton's iteration doubles the correct bits each step). */
static uint64_t mont_inverse(uint64_t n) {
    uint64_t x = n;
    for (int i = 0; i < 5; i++) x *= 2 - n * x;
    return x;
}

/* t·2^-64 mod n for t < n·2^64: Montgomery reduction, no 128-bit division. */
static inline uint64_t redc(u128 t, uint64_t n, uint64_t ninv) {
    uint64_t m = (uint64_t)t * ninv;
    uint64_t th = (uint64_t)(t >> 64), mh = (uint64_t)(((u128)m * n) >> 64);
    return th >= mh ? th - mh : th - mh + n;
}

static inline uint64_t mont_mul(uint64_t a, uint64_t b, uint64_t n, uint64_t ninv) {
    return redc((u128)a * b, n, ninv);
}

/* One strong probable-prime round of odd n to the given base; n - 1 = d·2^s. A base that
 * is a multiple of n says nothing and passes (the convention of the base sets below). */
static int strong_round(uint64_t n, uint64_t ninv, uint64_t one, uint64_t base, uint64_t d,
                        int s) {
    uint64_t minus_one = n - one, a = base % n;
    if (!a) return 1;
    uint64_t b = (uint64_t)(((u128)a << 64) % n);
    uint64_t x = one;
    for (uint64_t e = d; e; e >>= 1) {  /* x = base^d, square and multiply */
        if (e & 1) x = mont_mul(x, b, n, ninv);
        b = mont_mul(b, b, n, ninv);
    }
    if (x == one || x == minus_one) return 1;
    for (int i = 1; i < s; i++) {
        x = mont_mul(x, x, n, ninv);
        if (x == minus_one) return 1;
    }
    return 0;
}

/* The fewest bases known to decide every odd n below each bound (the records of the
 * deterministic Miller–Rabin search, Jaeschke's and Sinclair's sets among them): a prime
 * passes every round, so the few more rounds a base set saves are the primes' cost. */
typedef struct {
    uint64_t below;
    int count;
    uint64_t bases[7];
} BaseSet;

static const BaseSet BASE_SETS[] = {
    {341531ULL, 1, {9345883071009581737ULL}},
    {1050535501ULL, 2, {336781006125ULL, 9639812373923155ULL}},
    {350269456337ULL, 3, {4230279247111683200ULL, 14694767155120705706ULL, 16641139526367750375ULL}},
    {55245642489451ULL, 4, {2, 141889084524735ULL, 1199124725622454117ULL, 11096072698276303650ULL}},
    {7999252175582851ULL,
     5,
     {2, 4130806001517ULL, 149795463772692060ULL, 186635894390467037ULL, 3967304179347715805ULL}},
    {585226005592931977ULL,
     6,
     {2, 123635709730000ULL, 9233062284813009ULL, 43835965440333360ULL, 761179012939631437ULL,
      1263739024124850375ULL}},
    {UINT64_MAX, 7, {2, 325, 9375, 28178, 450775, 9780504, 1795265022}},
};

/* 0: n has a prime factor below 59 (1 if n is that prime), 1: none, -1: n < 2. */
static inline int no_small_factor(uint64_t n) {
    if (n < 2) return -1;
    /* constant divisors compile to multiplications: most composites stop here */
#define SMALL_PRIME(p) \
    if (n % p == 0) return n == p ? 2 : 0;
    SMALL_PRIME(2) SMALL_PRIME(3) SMALL_PRIME(5) SMALL_PRIME(7) SMALL_PRIME(11) SMALL_PRIME(13)
    SMALL_PRIME(17) SMALL_PRIME(19) SMALL_PRIME(23) SMALL_PRIME(29) SMALL_PRIME(31)
    SMALL_PRIME(37) SMALL_PRIME(41) SMALL_PRIME(43) SMALL_PRIME(47) SMALL_PRIME(53)
#undef SMALL_PRIME
    return 1;
}

/* Miller–Rabin for n >= 59 with no factor below 59. */
static int miller_rabin(uint64_t n) {
    if (n < 59 * 59) return 1;
    uint64_t d = n - 1;
    int s = 0;
    while (!(d & 1)) d >>= 1, s++;
    uint64_t ninv = mont_inverse(n), one = (uint64_t)(-n) % n;
    const BaseSet *set = BASE_SETS;
    while (n >= set->below && set->below != UINT64_MAX) set++;
    for (int i = 0; i < set->count; i++)
        if (!strong_round(n, ninv, one, set->bases[i], d, s)) return 0;
    return 1;
}

int qr_is_prime(uint64_t n) {
    int small = no_small_factor(n);
    return small == 1 ? miller_rabin(n) : small == 2;
}

/* Answers already worked out for numbers without a small factor: the searches on
 * overlapping sets meet the same values again. One word per entry, n·2 + answer (n < 2^63),
 * so a racing reader sees an entry whole. */
#define COMP_BITS 18
static uint64_t g_comp[1u << COMP_BITS];

static inline uint64_t *comp_slot(uint64_t n) {
    return &g_comp[(n * 0x9E3779B97F4A7C15ULL) >> (64 - COMP_BITS)];
}

static inline int composite(uint64_t n) {
    int small = no_small_factor(n);
    if (small != 1) return small == 0;
    uint64_t *slot = comp_slot(n);
    uint64_t e = __atomic_load_n(slot, __ATOMIC_RELAXED);
    if (e >> 1 == n) return (int)(e & 1);
    int answer = !miller_rabin(n);
    if (n < (1ULL << 63)) __atomic_store_n(slot, n << 1 | (uint64_t)answer, __ATOMIC_RELAXED);
    return answer;
}

/* ---------------------------------------------------------------- scoring */

/* The total of a one-player game circling order[0..len-1]; -1 if a value overflows. */
int64_t qr_total(const int *order, int len) {
    uint64_t ms[MAX_N + 2];
    ms[0] = 1;
    uint64_t c = 0;
    int64_t score = 0;
    for (int k = 0; k < len; k++) {
        uint64_t m;
        if (__builtin_mul_overflow((uint64_t)order[k], ms[k], &m) ||
            __builtin_add_overflow(m, c, &m))
            return -1;
        uint64_t best = 1;
        for (int j = 0; j <= k; j++)
            if (ms[j] > best && m % ms[j] == 0) best = ms[j];
        score += (int64_t)best;
        ms[k + 1] = m;
        c += composite(m);
    }
    return score;
}

/* ---------------------------------------------------------------- set data */

/* Size data of a set of numbers still to be circled (SetInfo in rules). */
typedef struct {
    /* the fields of the hot paths first: one cache line (64 bytes) */
    uint64_t prod;
    uint64_t prod_low; /* prod without the largest value (1 for the empty set) */
    double pf, hp, h1p;
    int16_t n, pstar;   /* pstar: the best pivot, -1 for the empty set */
    int8_t vals[MAX_N]; /* ascending */
    double h, h1, hpx, h1px, dh, dh1, qo, qo1, qs, qs1;
    double top[MAX_N + 2]; /* top[k]: product of the k largest */
} SetInfo;

_Static_assert(offsetof(SetInfo, h) == 64, "the hot fields of SetInfo fill one cache line");

static SetInfo *g_info[MASKS];

/* (H, H1) = (Σ_q 1/sp(q), Σ_q q/sp(q)), sp(q) the product of the q smallest values. */
static void sums(const int8_t *vals, int n, int skip, double *h, double *h1) {
    double a = 1.0, b = 0.0, t = 1.0;
    int q = 0;
    for (int i = 0; i < n; i++) {
        if (i == skip) continue;
        q++;
        t *= vals[i];
        a += 1.0 / t;
        b += q / t;
    }
    *h = a, *h1 = b;
}

static void fill_info(SetInfo *s, uint32_t mask) {
    s->n = 0;
    s->prod = 1;
    for (int v = 0; v <= MAX_N; v++)
        if (mask >> v & 1) s->vals[s->n++] = (int8_t)v, s->prod *= (uint64_t)v;
    int n = s->n;
    s->prod_low = n ? s->prod / (uint64_t)s->vals[n - 1] : 1;
    s->pf = (double)s->prod;
    s->top[0] = 1.0;
    for (int k = 1; k <= n; k++) s->top[k] = s->top[k - 1] * s->vals[n - k];
    sums(s->vals, n, -1, &s->h, &s->h1);
    /* the pivot p = r(j+1): keep the best (hh/p, hh1/p, p) and the second, as rules does */
    double b0 = -1, b0b = -1, b1 = 0, h1all = 0, h1rest = 0;
    int p0 = -1, first = 1;
    for (int i = 0; i < n; i++) {
        double hh, hh1;
        sums(s->vals, n, i, &hh, &hh1);
        double a = hh / s->vals[i], b = hh1 / s->vals[i];
        if (a > b0 || (a == b0 && (b > b0b || (b == b0b && s->vals[i] > p0)))) {
            if (!first) b1 = b0 > b1 ? b0 : b1;
            b0 = a, b0b = b, p0 = s->vals[i];
        } else if (a > b1) {
            b1 = a;
        }
        first = 0;
        h1all = b > h1all ? b : h1all;
    }
    /* h1px: the most hh1/p over every pivot but the best one */
    for (int i = 0; i < n; i++) {
        if (s->vals[i] == p0) continue;
        double hh, hh1;
        sums(s->vals, n, i, &hh, &hh1);
        double b = hh1 / s->vals[i];
        h1rest = b > h1rest ? b : h1rest;
    }
    s->hp = n ? b0 : 0.0;
    s->h1p = n ? h1all : 0.0;
    s->pstar = p0;
    s->hpx = n > 1 ? b1 : 0.0;
    s->h1px = n > 1 ? h1rest : 0.0;
    s->dh = s->h - 1.0, s->dh1 = s->h1 - s->h + 1.0;
    s->qo = s->pf * s->hp, s->qo1 = s->pf * s->h1p;
    s->qs = s->pf * s->hpx, s->qs1 = s->pf * s->h1px;
}

/* The set data of a mask, computed once and shared by every thread. */
static const SetInfo *info(uint32_t mask) {
    SetInfo *s = __atomic_load_n(&g_info[mask], __ATOMIC_ACQUIRE);
    if (s) return s;
    s = malloc(sizeof *s);
    if (!s) abort();
    fill_info(s, mask);
    SetInfo *expected = NULL;
    if (!__atomic_compare_exchange_n(&g_info[mask], &expected, s, 0, __ATOMIC_ACQ_REL,
                                     __ATOMIC_ACQUIRE)) {
        free(s); /* another thread filled it first, with the same data */
        return expected;
    }
    return s;
}

/* A float bound as a whole number, saturated (the exact values always fit below it). */
static inline uint64_t sat(double x) {
    if (!(x < 1.8e19)) return UINT64_MAX;
    return x <= 0 ? 0 : (uint64_t)x;
}

static inline uint64_t sat_add(uint64_t a, uint64_t b) {
    uint64_t r;
    return __builtin_add_overflow(a, b, &r) ? UINT64_MAX : r;
}

static inline uint64_t sat_mul(uint64_t a, uint64_t b) {
    uint64_t r;
    return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

/* The most E(d,i) can be over the moves of a set, C(d+1) = c (emax in rules). */
static inline uint64_t e_most(const SetInfo *s, uint64_t c) {
    return sat_add(sat(s->pf * (c * s->hp + s->h1p) * MARGIN), 1);
}

/* The least E(d,n) over the moves of a non-empty set: E ≥ c·P/r(d+1) ≥ c·P/(max r), which
 * is c times the product without the largest value (a whole number: no rounding). */
static inline uint64_t e_least(const SetInfo *s, uint64_t c) { return sat_mul(c, s->prod_low); }

/* ---------------------------------------------------------------- size bounds */

static int last_source(uint64_t c, const SetInfo *s, double goal) {
    int n = s->n;
    for (int k = n - 1; k > 0; k--)
        if (((double)(c + k) * s->h + s->h1) * s->top[n - 1 - k] >= goal) return k;
    return 0;
}

/* The least m(d) from which a later source can give the score needed (reach_floor). */
static double reach_floor(uint64_t c, const SetInfo *s, double sig_other, double sig_star) {
    if (FMIN(sig_other, sig_star) <= (double)(c + s->n)) return -INFINITY;
    double floor = INFINITY;
    for (int which = 0; which < 2; which++) {
        double sigma = which ? sig_star : sig_other;
        double qa = which ? s->qs : s->qo, qb = which ? s->qs1 : s->qo1;
        double goal = (sigma - 1.0) / MARGIN;
        int k = last_source(c, s, goal);
        double q = (double)(c + k) * qa + qb;
        if (k && q > 0) floor = FMIN(floor, FMAX(goal / s->top[k], goal * goal / q));
    }
    return floor - (c * s->dh + s->dh1);
}

/* The most m(d) from which a source k >= 1 moves later can still divide m(n) (reach_ceiling). */
static double reach_ceiling(uint64_t c, const SetInfo *s) {
    if (!c) return INFINITY;
    int n = s->n;
    double best = 0.0, low = 1.0;
    for (int k = 1; k < n; k++) {
        low *= s->vals[k - 1];
        best = FMAX(best, ((double)(c + k) * s->h + s->h1) * s->top[n - 1 - k] / low);
    }
    return best * MARGIN + 1;
}

/* A bound on the final score of any game on the set (root_bound). */
int64_t qr_root_bound(uint32_t mask) {
    const SetInfo *s = info(mask);
    int n = s->n;
    double md = 1 + (s->h1 - s->h + 1.0), best = n;
    for (int k = 1; k < n; k++) {
        double a = FMIN(md * s->top[k], (k * s->h + s->h1) * s->top[n - 1 - k]);
        best = FMAX(best, FMIN(a, sqrt(md * s->pf * (k * s->hp + s->h1p))));
    }
    return (int64_t)(best * MARGIN) + 2;
}

/* ---------------------------------------------------------------- results */

/* Games found by a search: totals and orders (count × len numbers). */
typedef struct {
    int64_t count, cap;
    int len;
    int64_t *totals;
    int8_t *orders;
} Found;

static int found_push(Found *f, int64_t total, const int *order) {
    if (f->count == f->cap) {
        int64_t cap = f->cap ? 2 * f->cap : 64;
        int64_t *t = realloc(f->totals, cap * sizeof *t);
        if (t) f->totals = t;
        int8_t *o = realloc(f->orders, cap * f->len);
        if (o) f->orders = o;
        if (!t || !o) return 0;
        f->cap = cap;
    }
    f->totals[f->count] = total;
    for (int i = 0; i < f->len; i++) f->orders[f->count * f->len + i] = (int8_t)order[i];
    f->count++;
    return 1;
}

void qr_found_free(Found *f) {
    if (!f) return;
    free(f->totals);
    free(f->orders);
    free(f);
}

/* ---------------------------------------------------------------- small sets */

static int next_permutation(int *a, int n) {
    int i = n - 2;
    while (i >= 0 && a[i] >= a[i + 1]) i--;
    if (i < 0) return 0;
    int j = n - 1;
    while (a[j] <= a[i]) j--;
    int t = a[i];
    a[i] = a[j], a[j] = t;
    for (int l = i + 1, r = n - 1; l < r; l++, r--) t = a[l], a[l] = a[r], a[r] = t;
    return 1;
}

/* Every order of a set: the first best in lexicographic order into best/order, and (when
 * out is given) every order reaching floor. Returns RUN_* status. */
int qr_small(uint32_t mask, int64_t floor, int64_t *best, int *order, Found **out) {
    const SetInfo *s = info(mask);
    int a[MAX_N + 1], n = s->n;
    for (int i = 0; i < n; i++) a[i] = s->vals[i];
    Found *f = NULL;
    if (out) {
        f = *out = calloc(1, sizeof *f);
        if (!f) return RUN_NOMEM;
        f->len = n;
    }
    *best = -1;
    do {
        int64_t t = qr_total(a, n);
        if (t < 0) return RUN_OVERFLOW;
        if (t > *best) *best = t, memcpy(order, a, n * sizeof *a);
        if (f && t >= floor && !found_push(f, t, a)) return RUN_NOMEM;
    } while (next_permutation(a, n));
    return RUN_OK;
}

/* ---------------------------------------------------------------- upper bounds */

static int64_t g_upper[MASKS];

/* A proven upper bound on the best total of a game on the set (upper in rules): exact for
 * small sets, else the best of the sets one number smaller plus a bound on the last score. */
int64_t qr_upper(uint32_t mask) {
    int64_t h = __atomic_load_n(&g_upper[mask], __ATOMIC_RELAXED);
    if (h) return h;
    const SetInfo *s = info(mask);
    if (s->n <= SMALL) {
        int order[MAX_N + 1];
        if (qr_small(mask, 0, &h, order, NULL) != RUN_OK) return INT64_MAX;
    } else {
        int64_t most = 0;
        for (int i = 0; i < s->n; i++) {
            int64_t u = qr_upper(mask & ~(1u << s->vals[i]));
            most = u > most ? u : most;
        }
        h = most + qr_root_bound(mask);
    }
    __atomic_store_n(&g_upper[mask], h, __ATOMIC_RELAXED);
    return h;
}

/* ---------------------------------------------------------------- the search */

/* (where this node can be a source: src_lo <= m <= src_hi; where a later one can be:
 * floor <= m <= ceiling), for one (numbers left, C) at the current threshold. Stored as
 * floats rounded outward, so a gate only ever lets more through (32 bytes: the gates of C
 * and C + 1, asked together, share a cache line). */
typedef struct {
    uint64_t key;
    uint32_t gen;
    float src_lo, src_hi, floor, ceiling;
} Gate;

static float down(double x) {
    float f = (float)x;
    return (double)f > x ? nextafterf(f, -INFINITY) : f;
}

static float up(double x) {
    float f = (float)x;
    return (double)f < x ? nextafterf(f, INFINITY) : f;
}

#define GATE_BITS 18
static __thread Gate *t_gates; /* a cache per thread, valid while its entry's gen is current */
static __thread uint32_t t_gen;
/* The threshold and usub the thread's current gates were made for: a gate depends on nothing
 * else, so the next run (the next part of the same search) keeps them when these match. */
static __thread int64_t t_gate_thr = -1, t_gate_usub[32];

typedef struct {
    uint32_t mask;
    int64_t target;
    int mode;
    const int64_t *usub; /* usub[x]: bound on the first part of a game ending with x */
    const int *prefix;
    int nprefix;
    int64_t *shared; /* exact mode: the best total any part has found (atomic) */
    int64_t best;
    int best_order[MAX_N + 1];
    Found *found;
    int status;
    int64_t gate_thr;
    Gate *gates; /* the thread's gate cache (t_gates, held here: TLS access is slow) */
    uint32_t gen;
    int order[MAX_N + 1];
    uint64_t ms[MAX_N + 2];
    int depth;
} Run;

/* The threshold a game must reach: rises with the best found in exact mode. */
static inline int64_t threshold(const Run *r) {
    if (r->mode != MODE_EXACT) return r->target;
    int64_t b = __atomic_load_n(r->shared, __ATOMIC_RELAXED);
    if (r->best > b) b = r->best;
    return b + 1 > r->target ? b + 1 : r->target;
}

static void offer(Run *r, const int *full, int len) {
    int64_t t = qr_total(full, len);
    if (t < 0) {
        r->status = RUN_OVERFLOW;
        return;
    }
    if (t > r->best) {
        r->best = t;
        memcpy(r->best_order, full, len * sizeof *full);
        if (r->mode == MODE_EXACT) {
            int64_t seen = __atomic_load_n(r->shared, __ATOMIC_RELAXED);
            while (t > seen && !__atomic_compare_exchange_n(r->shared, &seen, t, 1,
                                                            __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
            }
        }
    }
    if (r->mode == MODE_COLLECT && t >= r->target && !found_push(r->found, t, full))
        r->status = RUN_NOMEM;
}

/* Try every completion of the current node (C = c, numbers left in rest). */
static void complete(Run *r, uint64_t c, uint32_t rest) {
    int d = r->depth;
    if (!rest) {
        uint64_t m = r->ms[d], got = 1;
        for (int j = 0; j < d; j++)
            if (r->ms[j] > got && m % r->ms[j] == 0) got = r->ms[j];
        if ((int64_t)got >= threshold(r) - r->usub[r->order[d - 1]]) offer(r, r->order, d);
        return;
    }
    const SetInfo *s = info(rest);
    for (int i = 0; i < s->n && !r->status; i++) {
        int v = s->vals[i];
        uint64_t m2;
        if (__builtin_mul_overflow((uint64_t)v, r->ms[d], &m2) ||
            __builtin_add_overflow(m2, c, &m2)) {
            r->status = RUN_OVERFLOW;
            return;
        }
        r->order[d] = v;
        r->ms[d + 1] = m2;
        r->depth = d + 1;
        complete(r, c + composite(m2), rest & ~(1u << v));
        r->depth = d;
    }
}

#define LCM20 232792560u /* lcm(1..20): z mod v = (z mod LCM20) mod v for every v <= 20 */

/* M[v] = ceil(2^64 / v): v divides a 32-bit z iff z·M[v] mod 2^64 < M[v] (Lemire et al.,
 * "Faster remainder by direct computation", 2019), one multiplication instead of a division. */
static uint64_t DIV_M[MAX_N + 1];

static inline int divides(int v, uint32_t z) { return v == 1 || (uint64_t)z * DIV_M[v] < DIV_M[v]; }

/* x / v for a multiple x of v <= 20: shift out v's twos, then multiply by the inverse of its
 * odd part mod 2^64 (exact division, Granlund and Montgomery 1994), no division at all. */
static uint64_t ODD_INV[MAX_N + 1];
static int TWOS[MAX_N + 1];

static inline uint64_t exact_div(uint64_t x, int v) { return (x >> TWOS[v]) * ODD_INV[v]; }

__attribute__((constructor)) static void fill_div_m(void) {
    for (int v = 2; v <= MAX_N; v++) DIV_M[v] = UINT64_MAX / (uint64_t)v + 1;
    for (int v = 1; v <= MAX_N; v++) {
        TWOS[v] = __builtin_ctz((unsigned)v);
        ODD_INV[v] = mont_inverse((uint64_t)(v >> TWOS[v]));
    }
}

/* Peel the moves after the source backward: y = m(i), part holds r(d+1..i), cc = C(i+1),
 * tail the numbers peeled so far (last move first); h = m(d) the source, c = C(d+1). */
static void back_step(Run *r, uint64_t y, uint64_t cc, uint32_t part, const SetInfo *s,
                      int *tail, int ntail, uint64_t h, uint64_t c);

static void back(Run *r, uint64_t y, uint64_t cc, uint32_t part, int *tail, int ntail,
                 uint64_t h, uint64_t c) {
    if (!part) {
        if (y == h && cc == c) {
            int full[MAX_N + 1], d = r->depth;
            memcpy(full, r->order, d * sizeof *full);
            for (int i = 0; i < ntail; i++) full[d + i] = tail[ntail - 1 - i];
            offer(r, full, d + ntail);
        }
        return;
    }
    const SetInfo *s = info(part);
    uint64_t emin = e_least(s, c), emax = e_most(s, c);
    if (emin < c) emin = c;
    uint64_t ph;
    if (__builtin_mul_overflow(s->prod, h, &ph) || ph > y) return;
    uint64_t e = y - ph; /* E(d,i) */
    if (e < emin || e > emax) return;
    back_step(r, y, cc, part, s, tail, ntail, h, c);
}

/* One step of back once y passed the size checks of part (s its data). */
static void back_step(Run *r, uint64_t y, uint64_t cc, uint32_t part, const SetInfo *s,
                      int *tail, int ntail, uint64_t h, uint64_t c) {
    if (y < cc) return;
    /* m(i-1) = (y - C(i))/r(i) with C(i) = cc - [y composite]: C(i) must lie in
     * [c, c + |part| - 1], and some r left must divide; the primality test comes last */
    int prime_ok = cc >= c && cc - c < (uint64_t)s->n;
    int comp_ok = cc >= c + 1 && cc - 1 - c < (uint64_t)s->n;
    if (!prime_ok && !comp_ok) return;
    uint32_t z = (uint32_t)((y - cc) % LCM20), z1 = z + 1 == LCM20 ? 0 : z + 1;
    int if_prime[MAX_N + 1], if_comp[MAX_N + 1], np = 0, nc = 0;
    for (int i = 0; i < s->n; i++) {
        int v = s->vals[i];
        if (prime_ok && divides(v, z)) if_prime[np++] = v;
        if (comp_ok && divides(v, z1)) if_comp[nc++] = v;
    }
    if (!np && !nc) return;
    /* Which branch holds: trial division settles most y. A y without a small factor is
     * tested only when both branches are open; with one open it is followed untested: a
     * wrong guess costs a dead end (every game found is scored exactly), a test costs more,
     * and these values are met once, so the cache of answers would only miss. */
    int small = no_small_factor(y), is_comp;
    if (small != 1) is_comp = small == 0;
    else if (np && nc) is_comp = !miller_rabin(y);
    else is_comp = nc > 0;
    const int *rs = is_comp ? if_comp : if_prime;
    int nr = is_comp ? nc : np;
    if (is_comp) cc -= 1;
    for (int i = 0; i < nr && !r->status; i++) {
        tail[ntail] = rs[i];
        back(r, exact_div(y - cc, rs[i]), cc, part & ~(1u << rs[i]), tail, ntail + 1, h, c);
    }
}

static const double FACT[] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880, 3628800};

/* The node m(d) = h as the source of the final score: m(n) = h·(P + t) with
 * t·h = E(d,n) = x·E(d,n-1) + C(n), each (t, x) peeled backward. 0: cheaper to complete. */
static int peel(Run *r, uint64_t h, uint64_t c, uint32_t rest, const SetInfo *s, int64_t thr) {
    int n = s->n;
    uint64_t emin = c ? e_least(s, c) : 0, emax = e_most(s, c);
    uint64_t tmin = emin / h + (emin % h != 0), tmax = emax / h;
    if (tmin > tmax) return 1;
    double fact = n < 11 ? FACT[n] : 1e300;
    if ((double)(tmax - tmin + 1) * n > FMIN(2000.0, fact)) return 0;
    if (n == 1) {
        if (c % h == 0) {
            r->order[r->depth] = s->vals[0];
            offer(r, r->order, r->depth + 1);
        }
        return 1;
    }
    uint64_t cmax = c + n - 1;
    int tail[MAX_N + 1];
    for (int i = 0; i < n && !r->status; i++) {
        int x = s->vals[i];
        if ((int64_t)h < thr - r->usub[x]) continue;
        uint32_t part = rest & ~(1u << x);
        const SetInfo *sp = info(part);
        /* E(d,n-1) = (t·h - C(n))/x lies in [low_e, top_e] (back's first size check) */
        uint64_t top_e = e_most(sp, c), low_e = e_least(sp, c);
        if (low_e < c) low_e = c;
        uint64_t lo = sat_add(sat_mul((uint64_t)x, low_e), c), hi = sat_add(sat_mul((uint64_t)x, top_e), cmax);
        uint64_t base;
        if (__builtin_mul_overflow(h, sp->prod, &base)) continue;
        uint64_t t0 = lo / h + (lo % h != 0), t1 = hi / h;
        if (t0 < tmin) t0 = tmin;
        if (t1 > tmax) t1 = tmax;
        for (uint64_t t = t0; t <= t1; t++) {
            uint64_t ht = h * t; /* <= emax, no overflow */
            for (uint64_t cn = c + (ht - c) % x; cn <= cmax; cn += x) {
                if (ht < cn) break;
                uint64_t e = exact_div(ht - cn, x), y;
                if (e < low_e || e > top_e) continue;
                if (__builtin_add_overflow(base, e, &y)) continue;
                tail[0] = x;
                back_step(r, y, cn, part, sp, tail, 1, h, c);
            }
        }
    }
    return 1;
}

/* The gate of (numbers left, C = c) at threshold thr (usub as in Run). */
static void fill_gate(Gate *g, uint32_t rest, uint64_t c, int64_t thr, const int64_t *usub) {
    const SetInfo *s = info(rest);
    int64_t u_star = s->pstar >= 0 ? usub[s->pstar] : 0, u_other = u_star;
    int any = 0;
    for (int i = 0; i < s->n; i++) {
        int v = s->vals[i];
        if (v == s->pstar) continue;
        if (!any || usub[v] > u_other) u_other = usub[v];
        any = 1;
    }
    int64_t s_star = thr - u_star, s_other = thr - u_other;
    g->src_lo = down((double)(s_star < s_other ? s_star : s_other));
    /* the peel needs h <= E(d,n) unless c = 0 */
    g->src_hi = c ? up((double)e_most(s, c)) : INFINITY;
    if (s->n > 1) {
        g->floor = down(reach_floor(c, s, (double)s_other, (double)s_star));
        g->ceiling = up(reach_ceiling(c, s));
    } else {
        g->floor = INFINITY, g->ceiling = -INFINITY;
    }
}

/* The gate, from the thread's cache when it was made at the current threshold. */
static inline Gate *gate_slot(const Run *r, uint32_t rest, uint64_t c) {
    uint64_t pair = ((uint64_t)rest << 6 | c >> 1) * 0x9E3779B97F4A7C15ULL;
    return &r->gates[((pair >> (64 - GATE_BITS)) & ~1ULL) | (c & 1)];
}

static const Gate *gate(Run *r, uint32_t rest, uint64_t c) {
    uint64_t key = (uint64_t)rest << 7 | c;
    Gate *g = gate_slot(r, rest, c);
    if (g->gen == r->gen && g->key == key) return g;
    g->key = key;
    g->gen = r->gen;
    fill_gate(g, rest, c, threshold(r), r->usub);
    return g;
}

/* For the tests: (src_lo, src_hi, floor, ceiling) of a gate; see the tests of the bounds. */
void qr_gate(uint32_t rest, uint64_t c, int64_t thr, const int64_t *usub, double *out) {
    Gate g;
    fill_gate(&g, rest, c, thr, usub);
    out[0] = g.src_lo, out[1] = g.src_hi, out[2] = g.floor, out[3] = g.ceiling;
}

static inline int outside(const Gate *g, uint64_t m) {
    double md = (double)m;
    return (md < g->src_lo || md > g->src_hi) && (md < g->floor || md > g->ceiling);
}

static void dfs(Run *r, uint64_t m, uint64_t c, uint32_t rest, const Gate *g0) {
    if (qr_stop) {
        r->status = RUN_STOPPED;
        return;
    }
    int64_t thr = threshold(r);
    if (thr != r->gate_thr) { /* the threshold rose: gates made for the old one are stale */
        r->gate_thr = thr;
        r->gen++;
    }
    Gate g = *g0; /* a copy: the cache slot may be reused below */
    int d = r->depth;
    const SetInfo *s = info(rest);
    double md = (double)m;
    if (d && md >= g.src_lo && md <= g.src_hi) {
        if (!peel(r, m, c, rest, s, thr)) {
            complete(r, c, rest);
            return;
        }
    }
    if (md < g.floor || md > g.ceiling) return;
    /* the children's gates and primality answers lie scattered in memory: ask for them all
     * before the first is used, so the loads overlap instead of waiting in turn */
    for (int i = 0; i < s->n && d >= r->nprefix; i++) {
        uint32_t r2 = rest & ~(1u << s->vals[i]);
        __builtin_prefetch(gate_slot(r, r2, c));
        __builtin_prefetch(gate_slot(r, r2, c + 1));
        __builtin_prefetch(comp_slot((uint64_t)s->vals[i] * m + c)); /* a wrap is harmless */
    }
    for (int i = 0; i < s->n && !r->status; i++) {
        int v = s->vals[i];
        if (d < r->nprefix && v != r->prefix[d]) continue;
        uint32_t r2 = rest & ~(1u << v);
        if (!r2) continue; /* a last move is never a source */
        uint64_t m2;
        if (__builtin_mul_overflow((uint64_t)v, m, &m2) || __builtin_add_overflow(m2, c, &m2)) {
            r->status = RUN_OVERFLOW;
            return;
        }
        /* the primality test is the costly step: skip it when neither count can pass */
        Gate if_prime = *gate(r, r2, c), if_comp = *gate(r, r2, c + 1);
        int in_prime = !outside(&if_prime, m2), in_comp = !outside(&if_comp, m2);
        if (!in_prime && !in_comp) continue; /* neither a source nor on the way to one */
        int is_comp = composite(m2);
        if (!(is_comp ? in_comp : in_prime)) continue;
        r->order[d] = v;
        r->ms[d + 1] = m2;
        r->depth = d + 1;
        dfs(r, m2, c + is_comp, r2, is_comp ? &if_comp : &if_prime);
        r->depth = d;
    }
}

/* One search over the set (see _run in rules): mode, target and usub as there; prefix: the
 * first moves of the games searched (a part of the search); shared: the best total found
 * by any part (exact mode). best/order: the best game this search found (best 0: none);
 * found: the games reaching target (collect mode). Returns RUN_* status. */
int qr_run(uint32_t mask, int64_t target, int mode, const int64_t *usub, const int *prefix,
           int nprefix, int64_t *shared, int64_t *best, int *order, Found **found) {
    if (!t_gates) {
        size_t bytes = ((size_t)1 << GATE_BITS) * sizeof *t_gates;
        t_gates = aligned_alloc(64, bytes);
        if (!t_gates) return RUN_NOMEM;
        memset(t_gates, 0, bytes);
    }
    Run *r = calloc(1, sizeof *r);
    if (!r) return RUN_NOMEM;
    int64_t own_shared = 0;
    r->mask = mask, r->target = target, r->mode = mode, r->usub = usub;
    r->prefix = prefix, r->nprefix = nprefix;
    r->shared = shared ? shared : &own_shared;
    r->gate_thr = threshold(r);
    r->gates = t_gates;
    if (r->gate_thr != t_gate_thr || memcmp(usub, t_gate_usub, sizeof t_gate_usub)) t_gen++;
    r->gen = t_gen;
    r->ms[0] = 1;
    const SetInfo *s = info(mask);
    if (mode == MODE_COLLECT) {
        r->found = calloc(1, sizeof *r->found);
        if (!r->found) {
            free(r);
            return RUN_NOMEM;
        }
        r->found->len = s->n;
    }
    int every = 0;
    for (int i = 0; i < s->n; i++) every |= target - usub[s->vals[i]] <= 1;
    if (every && !nprefix) {
        complete(r, 0, mask); /* a final score of 1 is enough: every order must be tried */
    } else if (!every) {
        dfs(r, 1, 0, mask, gate(r, mask, 0));
    } else {
        r->status = RUN_INVALID; /* a part of a search whose threshold is 1: not split */
    }
    *best = r->best;
    memcpy(order, r->best_order, s->n * sizeof *order);
    if (found) *found = r->found;
    else qr_found_free(r->found);
    int status = r->status;
    t_gen = r->gen;
    t_gate_thr = r->gate_thr;
    memcpy(t_gate_usub, usub, sizeof t_gate_usub);
    free(r);
    return status;
}
