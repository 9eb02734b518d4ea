/*
 * xltest.h - the common include of the unit tests: cmocka and the xlat headers.
 * Each test file is one area of docs/isca18-micro18.md (t01_rng, t03_pagetable, ...); each test
 * checks a value someone can compute by hand, and its comment shows the arithmetic.
 */
#ifndef XLTEST_H
#define XLTEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#endif
