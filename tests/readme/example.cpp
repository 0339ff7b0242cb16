#include <kernelbook/kernels.hpp>    // kb::ParaboloidLiftKernel, k(x, y) = xᵀy + ‖x‖²‖y‖²
#include <kernelbook/kernel_pca.hpp>
#include <iostream>

int main() {
    kb::Matrix<double> X(3, 2);      // three points of the plane, one per row (chapter 7, §7.2)
    X << 0, 1, 1, -2, 2, 1;
    kb::KernelPca<double> kpca(kb::ParaboloidLiftKernel<double>{}, X, 2);  // two components
    std::cout << kpca.eigenvalues().transpose() << "\n\n" << kpca.scores() << '\n';
}
