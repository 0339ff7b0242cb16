#pragma once
/// \file 03-eckart-young/checks/chapter_support.hpp
/// \brief What several of chapter 3's test files share: the exact certificate of a
///        spectral norm.

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/matrix.hpp"

namespace kb::test::ch03 {

/// ‖R‖₂ = s exactly, for a symmetric rational R with an eigenvector v of eigenvalue ±s:
/// certified by R v = ±s v and by the two exact PSD decisions s I − R ⪰ 0, s I + R ⪰ 0 (so
/// every eigenvalue of R lies in [−s, s] and ±s is attained).
inline bool spectral_norm_is(const Matrix<rational>& R, const Vector<rational>& v, const rational& s) {
    using QVector = Vector<rational>;
    const Matrix<rational> I = Matrix<rational>::Identity(R.rows(), R.cols());
    const bool attained = QVector(R * v) == QVector(s * v) || QVector(R * v) == QVector(-s * v);
    return attained && kb::is_psd_exact(Matrix<rational>(s * I - R)) &&
           kb::is_psd_exact(Matrix<rational>(s * I + R));
}

} // namespace kb::test::ch03
