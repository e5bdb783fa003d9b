// The Boost.Math error policy of every distribution tare uses: a bad argument or a value
// out of range becomes NaN or infinity, never an exception. Statistics on a failed or
// degenerate benchmark must degrade into "no answer", not abort the run.
#pragma once

#include <boost/math/policies/policy.hpp>

namespace tare::stats::detail {

namespace policies = boost::math::policies;
using QuietPolicy = policies::policy<policies::domain_error<policies::ignore_error>,
                                     policies::overflow_error<policies::ignore_error>,
                                     policies::evaluation_error<policies::ignore_error>>;

}  // namespace tare::stats::detail
