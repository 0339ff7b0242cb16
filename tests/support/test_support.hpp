#pragma once
/// \file test_support.hpp
/// \brief One include for a chapter's tests: doctest, rapidcheck, the scalar lists, the
///        tolerance header, the generators and the property bridge.
#include "generators.hpp"
#include "property.hpp"
#include "scalars.hpp"
#include "tolerance.hpp"
