#pragma once
/// \file test_support.hpp
/// \brief One include for a chapter's tests: doctest, rapidcheck, the scalar lists, the
///        tolerance header, the generators and the property bridge.
#include "generators.hpp"
#include "property.hpp"
#include "scalars.hpp"
#include "refusals.hpp"
#include "tolerance.hpp"

// The names every test file uses, declared once for all of them (tests only: the library and
// the chapter programs spell them kb::…).
using kb::IntMatrix;
using kb::Matrix;
using kb::rational;
using kb::RowVector;
using kb::Vector;
