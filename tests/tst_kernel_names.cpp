#include "TestSupport.h"
#include "io/PlanLoader.h"
#include "io/log/TacticLogReader.h"
#include "kernels/KernelName.h"
#include "kernels/KernelText.h"
#include "plan/EnginePlan.h"
#include "tactics/TacticLog.h"

#include <QMap>
#include <QSet>
#include <iterator>

using namespace planscope;
using planscope::test::dataPath;

namespace {

// The fields a row checks besides unit, math, shape, operation, types, layouts, tile, stages and
// warps, as "key=value".
QMap<QString, QString> detailsOf(const KernelName& k) {
    return {{"arch", k.architecture},
            {"sm", QString::number(k.sm)},
            {"library", k.library},
            {"variants", k.variants.join(QLatin1Char(','))},
            {"align", k.alignment.join(QLatin1Char(','))},
            {"splitK", k.splitK},
            {"filter", k.filter},
            {"stride", k.stride},
            {"groups", QString::number(k.groups)},
            {"cluster", k.cluster},
            {"warpGroups", k.warpGroups},
            {"warpTile", k.warpTile},
            {"epilogue", k.epilogue.join(QLatin1Char(','))},
            {"gemmLayout", k.gemmLayout},
            {"evidence", k.mathEvidence}};
}

QString typesOf(const KernelName& k) {
    return QStringList{k.inputType, k.outputType, k.computeType, k.accumulatorType, k.epilogueType}
        .join(QLatin1Char(','));
}

const char* const kVerboseLogs[] = {
    "realworld/mnist-verbose-builds/trt8.6.0-rtx3090-verbose-build.log",
    "realworld/mnist-verbose-builds/trt10.14.1-rtx6000ada-verbose-build.log",
    "realworld/mnist-verbose-builds/trt10.16.1-h100-verbose-build.log"};

// A real kernel name and what it says. math: instruction and MMA shape; types: "input,output,
// compute,accumulator,epilogue"; tiling: "tile/stages/warps"; details: "key=value;..." of
// detailsOf().
struct RealName {
    const char* tactic;
    MathUnit unit;
    const char* math;
    const char* operation;
    const char* types;
    const char* layouts;
    const char* tiling;
    const char* details;
};

constexpr MathUnit kTensorCores = MathUnit::TensorCores;
constexpr MathUnit kCudaCores = MathUnit::CudaCores;

// From the shared plans and verbose logs, and from public profiles and build logs.
const RealName kRealNames[] = {
    // cuDNN and cuBLAS: precision letter and MMA shape ("h16816"), tile, "stages_KxS".
    {"ampere_h16816cudnn_128x64_sliced1x2_ldg8_relu_exp_stages_64x3_small_nhwc_tn_v1", kTensorCores,
     "HMMA m16n8k16", "convolution", "f16,,,f16,", "nhwc", "128x64x64/3/",
     "arch=ampere;sm=80;splitK=sliced-K 1x2;epilogue=ReLU;evidence=h16816cudnn"},
    {"ampere_h16816cudnn_256x64_ldg8_relu_exp_stages_64x3_small_nhwc_tn_v1", kTensorCores,
     "HMMA m16n8k16", "convolution", "f16,,,f16,", "nhwc", "256x64x64/3/", "splitK=;gemmLayout=tn"},
    {"ampere_h16816gemm_64x64_ldg8_relu_stages_64x5_nn_v1", kTensorCores, "HMMA m16n8k16", "GEMM",
     "f16,,,f16,", "", "64x64x64/5/", "gemmLayout=nn;epilogue=ReLU"},
    {"ampere_h16816gemm_128x64_ldg8_relu_stages_32x6_nn_v1", kTensorCores, "HMMA m16n8k16", "GEMM",
     "f16,,,f16,", "", "128x64x32/6/", ""},
    {"trt_ampere_h16816gemm_128x64_ldg8_nn_v1", kTensorCores, "HMMA m16n8k16", "GEMM", "f16,,,f16,",
     "", "128x64/0/", "arch=ampere"},
    {"turing_h1688cudnn_256x128_ldg8_relu_exp_medium_nhwc_tn_v1", kTensorCores, "HMMA m16n8k8",
     "convolution", "f16,,,f16,", "nhwc", "256x128/0/", "arch=turing;sm=75"},
    {"trt_turing_h1688cudnn_256x64_ldg8_relu_exp_small_nhwc_tn_v1", kTensorCores, "HMMA m16n8k8",
     "convolution", "f16,,,f16,", "nhwc", "256x64/0/", "arch=turing"},
    {"volta_h884cudnn_256x128_ldg8_relu_exp_small_nhwc_tn_v1", kTensorCores, "HMMA m8n8k4",
     "convolution", "f16,,,f16,", "nhwc", "256x128/0/", "sm=70"},
    // The type before the kernel token is the output's, after it the input's.
    {"turing_fp16_i8816cudnn_int8_128x128_ldg16_relu_small_nt_v1", kTensorCores, "IMMA m8n8k16",
     "convolution", "int8,fp16,,i32,", "", "128x128/0/", "gemmLayout=nt"},
    {"volta_fp32_i8816cudnn_int8_256x64_ldg16_relu_singleBuffer_interior_nt_v1", kTensorCores,
     "IMMA m8n8k16", "convolution", "int8,fp32,,i32,", "", "256x64/0/", "arch=volta"},
    {"turing_fp16_s1688gemm_fp16_128x64_sliced1x2_ldg8_f2f_tn", kTensorCores, "HMMA m16n8k8",
     "GEMM", "fp16,fp16,,f32,", "", "128x64/0/", "splitK=sliced-K 1x2"},
    {"ampere_bf16_s16816gemm_bf16_128x64_ldg8_f2f_stages_64x4_tn", kTensorCores, "HMMA m16n8k16",
     "GEMM", "bf16,bf16,,f32,", "", "128x64x64/4/", ""},
    // CUTLASS: "128x128_16x4" is tile M x N, then K x stages; s1688 of tf32 data is TF32.
    {"cutlass_tensorop_s1688fprop_optimized_tf32_128x128_16x4_nhwc_align4", kTensorCores,
     "TF32 m16n8k8", "fprop convolution", "tf32,,,f32,", "nhwc", "128x128x16/4/",
     "library=CUTLASS;arch=;align=4"},
    {"cutlass_80_tensorop_i16832gemm_s8_128x64_128x3_tn_align4", kTensorCores, "IMMA m16n8k32",
     "GEMM", "s8,,,i32,", "", "128x64x128/3/", "arch=sm80;sm=80;library=CUTLASS"},
    {"trt_turing_cutlass_image_network_first_layer_hmma_fprop_f16f16f32_nhwc_nhwc_k64r7s7c4_"
     "stride2x2",
     kTensorCores, "HMMA", "fprop first-layer convolution", "f16,f16,,f32,", "nhwc,nhwc", "/0/",
     "filter=7x7;stride=2x2;evidence=hmma"},
    // xmma (CASK): types "in out _ compute accumulator _ epilogue", layouts, tile, stages, warps,
    // and the Tensor Core instruction as "tensorMxNxK".
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize64x64x64_stage4_"
     "warpsize2x1x2_g1_tensor16x8x16_aACCESS",
     kTensorCores, "HMMA m16n8k16", "fprop implicit GEMM", "f16,f16,f16,f16,f16", "nhwc,krsc,nhwc",
     "64x64x64/4/2x1x2", "groups=1;library=xmma;evidence=tensor16x8x16"},
    {"sm80_xmma_fprop_implicit_gemm_indexed_wo_smem_f16f16_f16f16_f16_nhwckrsc_nhwc_"
     "tilesize128x32x64_stage1_warpsize4x1x1_g1_tensor16x8x16_aligna8_alignc8",
     kTensorCores, "HMMA m16n8k16", "fprop implicit GEMM", "f16,f16,f16,f16,f16", "nhwc,krsc,nhwc",
     "128x32x64/1/4x1x1", "variants=indexed,without shared memory;align=A 8,C 8"},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x64x32_stage5_"
     "warpsize2x2x1_g1_tensor16x8x16_t1r5s5",
     kTensorCores, "HMMA m16n8k16", "fprop implicit GEMM", "f16,f16,f16,f16,f16", "nhwc,krsc,nhwc",
     "128x64x32/5/2x2x1", "filter=5x5"},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_"
     "vect_c_32_tilesize256x128x64_stage4_warpsize4x2x1_g1_tensor16x8x32_t1r3s3",
     kTensorCores, "IMMA m16n8k32", "fprop implicit GEMM", "i8,i8,i8,i32,f32",
     "nchw_vect_c_32,kcrs_vect_c_32,nchw_vect_c_32", "256x128x64/4/4x2x1",
     "filter=3x3;variants=interleaved"},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8f16_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_"
     "vect_c_32_tilesize128x128x64_stage4_warpsize2x2x1_g1_tensor16x8x32_t1r3s3",
     kTensorCores, "IMMA m16n8k32", "fprop implicit GEMM", "i8,f16,i8,i32,f32",
     "nchw_vect_c_32,kcrs_vect_c_32,nchw_vect_c_32", "128x128x64/4/2x2x1", ""},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8f32_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_"
     "tilesize64x32x64_stage6_warpsize2x1x1_g1_tensor16x8x32_t1r1s1_alignc4_nchw",
     kTensorCores, "IMMA m16n8k32", "fprop implicit GEMM", "i8,f32,i8,i32,f32",
     "nchw_vect_c_32,kcrs_vect_c_32,nchw,nchw", "64x32x64/6/2x1x1", "filter=1x1;align=C 4"},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_"
     "vect_c_32_tilesize64x128x64_stage6_warpsize2x2x1_g1_tensor16x8x32_t1r1s1_epifadd",
     kTensorCores, "IMMA m16n8k32", "fprop implicit GEMM", "i8,i8,i8,i32,f32",
     "nchw_vect_c_32,kcrs_vect_c_32,nchw_vect_c_32", "64x128x64/6/2x2x1", "epilogue=fused add"},
    {"sm75_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_"
     "vect_c_32_tilesize64x64x64_stage1_warpsize2x2x1_g1_tensor8x8x16_simple_t1r1s1",
     kTensorCores, "IMMA m8n8k16", "fprop implicit GEMM", "i8,i8,i8,i32,f32",
     "nchw_vect_c_32,kcrs_vect_c_32,nchw_vect_c_32", "64x64x64/1/2x2x1", "sm=75"},
    {"sm75_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x128x32_stage1_"
     "warpsize2x2x1_g1_tensor16x8x8_t1r1s1",
     kTensorCores, "HMMA m16n8k8", "fprop implicit GEMM", "f16,f16,f16,f16,f16", "nhwc,krsc,nhwc",
     "128x128x32/1/2x2x1", ""},
    {"sm70_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x64x32_stage1_"
     "warpsize2x2x1_g1_tensor8x8x4_t1r1s1",
     kTensorCores, "HMMA m8n8k4", "fprop implicit GEMM", "f16,f16,f16,f16,f16", "nhwc,krsc,nhwc",
     "128x64x32/1/2x2x1", "sm=70"},
    {"sm80_xmma_fprop_implicit_gemm_f32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize128x128x32_stage4_"
     "warpsize2x2x1_g1_tensor16x8x8",
     kTensorCores, "TF32 m16n8k8", "fprop implicit GEMM", "f32,f32,tf32,f32,f32", "nhwc,krsc,nhwc",
     "128x128x32/4/2x2x1", ""},
    {"sm86_xmma_gemm_f32f32_tf32f32_f32_nn_n_tilesize32x32x64_stage6_warpsize2x2x1_tensor16x8x8",
     kTensorCores, "TF32 m16n8k8", "GEMM", "f32,f32,tf32,f32,f32", "", "32x32x64/6/2x2x1",
     "sm=86;gemmLayout=nn"},
    {"sm80_xmma_gemm_f16f16_f16f16_f16_tn_n_tilesize32x32x64_stage6_warpsize2x2x1_tensor16x8x16",
     kTensorCores, "HMMA m16n8k16", "GEMM", "f16,f16,f16,f16,f16", "", "32x32x64/6/2x2x1",
     "gemmLayout=tn"},
    {"sm80_xmma_wgrad_implicit_gemm_indexed_f16f16_f16f32_f32_nhwckrsc_nhwc_tilesize64x64x64_"
     "stage4_warpsize1x1x4_g8_tensor16x8x16_execute_kernel__5x_cudnn",
     kTensorCores, "HMMA m16n8k16", "wgrad implicit GEMM", "f16,f16,f16,f32,f32", "nhwc,krsc,nhwc",
     "64x64x64/4/1x1x4", "groups=8;variants=indexed"},
    {"sm89_xmma_gemm_e4m3e4m3_e4m3f32_f32_tn_n_tilesize128x128x64_stage3_warpsize2x2x1_"
     "tensor16x8x32_bias_f16_execute_kernel__5x_cublas",
     kTensorCores, "QMMA m16n8k32", "GEMM", "e4m3,e4m3,e4m3,f32,f32", "", "128x128x64/3/2x2x1",
     "sm=89;epilogue=bias"},
    // Hopper: warp groups issue wgmma; the shape only when the name gives it.
    {"sm90_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x128x64_"
     "cgasize2x1x1_warpgroupsize1x1x1_g1_beta0",
     kTensorCores, "HGMMA", "fprop implicit GEMM", "f16,f16,f16,f16,f16", "nhwc,krsc,nhwc",
     "128x128x64/0/", "cluster=2x1x1;warpGroups=1x1x1;epilogue=beta 0;evidence=warpgroupsize1x1x1"},
    {"sm90_xmma_gemm_e4m3bf16_e4m3f32_f32_tn_n_tilesize128x128x128_cgasize1x2x1_stage4_gmmastage2_"
     "warpgroupsize1x1x1_tensor64x128x32",
     kTensorCores, "QGMMA m64n128k32", "GEMM", "e4m3,bf16,e4m3,f32,f32", "", "128x128x128/4/",
     "cluster=1x2x1"},
    {"sm90_xmma_dgrad_implicit_gemm_f32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize128x64x32_"
     "warpgroupsize1x1x1_g1_execute_segment_k_on_kernel__5x_cudnn",
     kTensorCores, "HGMMA", "dgrad implicit GEMM", "f32,f32,tf32,f32,f32", "nhwc,krsc,nhwc",
     "128x64x32/0/", "splitK=segment-K"},
    // CUDA cores: SIMT, FFMA, DP4A, FP32 cuDNN and cuBLAS kernels, kernels built for sm50.
    {"sm70_xmma_gemm_as_conv1x1_f16f16_f16_f16_tn_n_simt_small_batch_bias_relu", kCudaCores, "SIMT",
     "GEMM as 1x1 convolution", "f16,f16,f16,,f16", "", "/0/",
     "variants=small batch;epilogue=bias,ReLU;evidence=simt"},
    {"sm70_xmma_fprop_conv1x1_i8f32_f32_f32_nchw_vect_c_4kcrs_vect_c_4_nchw_simt_small_batch_bias_"
     "relu",
     kCudaCores, "SIMT", "fprop 1x1 convolution", "i8,f32,f32,,f32",
     "nchw_vect_c_4,kcrs_vect_c_4,nchw", "/0/", ""},
    {"sm80_xmma_fprop_implicit_gemm_f32f32_f32f32_f32_nchwkcrs_nchw_tilesize32x32x8_stage3_"
     "warpsize1x2x1_g1_ffma_t1r5s5_aligna4_alignc4",
     kCudaCores, "FFMA", "fprop implicit GEMM", "f32,f32,f32,f32,f32", "nchw,kcrs,nchw",
     "32x32x8/3/1x2x1", "filter=5x5;align=A 4,C 4;evidence=ffma"},
    {"sm70_xmma_fprop_implicit_gemm_f32f32_f32f32_f32_nchwkcrs_nchw_tilesize128x128x8_stage1_"
     "warpsize2x2x1_g1_ffma_aligna4_alignc4",
     kCudaCores, "FFMA", "fprop implicit GEMM", "f32,f32,f32,f32,f32", "nchw,kcrs,nchw",
     "128x128x8/1/2x2x1", ""},
    {"ampere_scudnn_128x64_relu_xregs_large_nn_v1", kCudaCores, "FFMA", "convolution", "f32,,,f32,",
     "", "128x64/0/", "evidence=scudnn"},
    {"ampere_scudnn_winograd_128x128_ldg1_ldg4_relu_tile148t_nt_v1", kCudaCores, "FFMA",
     "Winograd convolution", "f32,,,f32,", "", "128x128/0/", ""},
    {"ampere_sgemm_128x32_sliced1x4_nn", kCudaCores, "FFMA", "GEMM", "f32,,,f32,", "", "128x32/0/",
     "splitK=sliced-K 1x4;gemmLayout=nn"},
    {"volta_int8x4_icudnn_int8x4_128x32_relu_xregs_small_c32_nn_v1", kCudaCores, "DP4A",
     "convolution", "int8x4,int8x4,,i32,", "", "128x32/0/", "evidence=icudnn"},
    {"ampere_fp32_icudnn_int8x4_128x64_relu_medium_nn_v1", kCudaCores, "DP4A", "convolution",
     "int8x4,fp32,,i32,", "", "128x64/0/", ""},
    {"sm50_xmma_cublas_gemvx_f16f16_f32_f32_tn_n_int32_unit_n_launch_param4x32x32_strided_unit_"
     "stride",
     kCudaCores, "", "GEMV", "f16,f16,f32,,f32", "", "/0/", "sm=50;evidence=sm50"},
    {"sm50_xmma_conv_fprop_fused_conv_act_fp32_NCHW_fp32_NCHW_KCRS_fp32_fp32_fp32_Accfloat_1_1_cC1_"
     "dC1_srcVec1_fltVec1_1_TP4_TQ4_C8_R5_S5_U1_V1",
     kCudaCores, "", "fprop convolution", "fp32,fp32,,f32,", "nchw,nchw,kcrs", "/0/",
     "epilogue=activation"},
    {"sm50_xmma_pooling_max_nhwc_FP16FP32_WINDOWSIZE_3_NOT_PROPAGATE_NAN_2D", kCudaCores, "",
     "max pooling", "fp16,,fp32,,", "nhwc", "/0/", ""},
    {"sm50_xmma_pooling_fw_4d_FP16FP32NHWC_Average_FastDiv_CAlign8", kCudaCores, "",
     "average pooling", "fp16,,fp32,,", "nhwc", "/0/", "align=C 8"},
};

} // namespace

class TestKernelNames : public QObject {
    Q_OBJECT
  private slots:
    void decodesRealNames_data();
    void decodesRealNames();
    void unknownIsAValue_data();
    void unknownIsAValue();
    void everyTacticOfTheVerboseLogsDecodes();
    void convolutionsOfTheSharedPlans_data();
    void convolutionsOfTheSharedPlans();
    void describesKernels_data();
    void describesKernels();
};

void TestKernelNames::decodesRealNames_data() {
    QTest::addColumn<int>("row");
    for (int i = 0; i < int(std::size(kRealNames)); ++i)
        QTest::newRow(kRealNames[i].tactic) << i;
}

void TestKernelNames::decodesRealNames() {
    QFETCH(int, row);
    const RealName& expected = kRealNames[row];
    const KernelName k = decodeKernelName(QString::fromLatin1(expected.tactic));
    QVERIFY2(k.decoded, qPrintable(k.unknownReason));
    QCOMPARE(mathUnitName(k.unit), mathUnitName(expected.unit));
    QCOMPARE((k.math + QLatin1Char(' ') + k.mmaShape).trimmed(), QString(expected.math));
    QCOMPARE(k.operation, QString(expected.operation));
    QCOMPARE(typesOf(k), QString(expected.types));
    QCOMPARE(k.layouts.join(QLatin1Char(',')), QString(expected.layouts));
    QCOMPARE(QStringLiteral("%1/%2/%3").arg(k.tile).arg(k.stages).arg(k.warps),
             QString(expected.tiling));
    const QMap<QString, QString> actual = detailsOf(k);
    for (const QString& pair :
         QString(expected.details).split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const QString key = pair.section(QLatin1Char('='), 0, 0);
        QVERIFY2(actual.contains(key), qPrintable(key));
        QCOMPARE(actual.value(key), pair.section(QLatin1Char('='), 1));
    }
}

// What the name does not say stays unknown, with the reason; nothing is guessed.
void TestKernelNames::unknownIsAValue_data() {
    QTest::addColumn<QString>("tactic");
    QTest::addColumn<bool>("decoded");
    QTest::addColumn<QString>("reason");
    QTest::newRow("no tactic name") << "TensorRT" << false << "names no kernel";
    QTest::newRow("empty") << "" << false << "names no kernel";
    QTest::newRow("myelin") << "__myl_AddMaxrSubExpSum_0x574acd01f7517732d5f2fd1c9042a089" << false
                            << "generated by Myelin";
    QTest::newRow("myelin resize")
        << "__myl_Res_0x63adb2bae59ff89a94fc133e2755c132" << false << "generated by Myelin";
    QTest::newRow("foreign") << "my_plugin_kernel_v2" << false << "not a kernel name";
    QTest::newRow("hex") << "0x0000000000020318" << false << "not a kernel name";
    // Decoded, but no part of the name says where the math runs.
    QTest::newRow("int8 small-K")
        << "sm80_xmma_conv_fprop_smallk_i8i8_i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_"
           "warptilesize32x32_stage4_warpsize2x4x1_r1s1_u1v1_hw0_c256_scalebias_beta"
        << true << "does not say";
    QTest::newRow("hopper fp32 gemm")
        << "sm90_xmma_gemm_f32f32_f32_nn_n_tilesize128x128x32_warpgroupsize1x1x1_execute_segment_"
           "k_on_kernel__5x_cublas"
        << true << "does not say";
    // Pooling names mention IMMA for the interleaved layout, not for the math.
    QTest::newRow("imma-layout pooling")
        << "sm72_xmma_pooling_IMMA_NCxHW32_generic_kMAX" << true << "does not say";
}

void TestKernelNames::unknownIsAValue() {
    QFETCH(QString, tactic);
    QFETCH(QString, reason);
    const KernelName k = decodeKernelName(tactic);
    QTEST(k.decoded, "decoded");
    QCOMPARE(k.unit, MathUnit::Unknown);
    QVERIFY2(k.unknownReason.contains(reason), qPrintable(k.unknownReason));
    QVERIFY(k.math.isEmpty());
    QVERIFY(kernelMathText(k).startsWith(QLatin1String("unknown kernel (")));
}

// Every tactic the three real verbose builds timed (cuDNN, cuBLAS, xmma on Ampere, Ada and
// Hopper) follows a grammar the decoder reads, and its name says where its math runs.
void TestKernelNames::everyTacticOfTheVerboseLogsDecodes() {
    QSet<QString> names;
    for (const char* path : kVerboseLogs) {
        const TacticLog log = readTacticLog(dataPath(path));
        for (const TacticSubject& subject : log.subjects)
            for (const TacticTiming& timing : subject.timings)
                if (!timing.tacticName.isEmpty())
                    names.insert(timing.tacticName);
    }
    QVERIFY2(names.size() >= 600, qPrintable(QString::number(names.size())));
    QMap<MathUnit, int> units;
    for (const QString& name : names) {
        const KernelName k = decodeKernelName(name);
        QVERIFY2(k.decoded && k.unit != MathUnit::Unknown,
                 qPrintable(name + QStringLiteral(": ") + k.unknownReason));
        QVERIFY2(!k.operation.isEmpty(), qPrintable(name));
        ++units[k.unit];
    }
    QVERIFY(units[MathUnit::TensorCores] > 400);
    QVERIFY(units[MathUnit::CudaCores] > 150);
}

// Where every convolution of the shared plans runs, as its kernel's name says.
void TestKernelNames::convolutionsOfTheSharedPlans_data() {
    QTest::addColumn<QString>("plan");
    QTest::addColumn<int>("tensorCores");
    QTest::addColumn<int>("cudaCores");
    QTest::addColumn<int>("unknown");
    QTest::newRow("resnet fp32") << "trex/resnet-a100/fp32/resnet.onnx.engine" << 20 << 1 << 0;
    QTest::newRow("resnet fp16") << "trex/resnet-a100/fp16/resnet.onnx.engine" << 21 << 0 << 0;
    QTest::newRow("resnet qat") << "trex/resnet-a100/qat/resnet-qat.onnx.engine" << 20 << 1 << 0;
    // 17 depthwise convolutions run by TensorRT's own CudaDepthwiseConvolution: no kernel name.
    QTest::newRow("mobilenet qat") << "trex/mobilenet/mobilenet.qat.onnx.engine" << 34 << 2 << 17;
    // Three INT8 small-K xmma kernels whose names do not say how they compute, and a fused
    // ConvActPool run by TensorRT's own runner.
    QTest::newRow("aeb-bev") << "realworld/aeb-bev-trt86/layers_.json" << 76 << 1 << 4;
    QTest::newRow("controlnet")
        << "realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/a/layerinfo.json" << 61 << 3
        << 0;
    QTest::newRow("alexnet fp16") << "realworld/alexnet-trt10-rtx3060/alexnet_fp16" << 5 << 0 << 0;
    QTest::newRow("mnist h100") << "realworld/mnist-trt10.16-h100/model-trained-exportLayerInfo.log"
                                << 0 << 2 << 0;
}

void TestKernelNames::convolutionsOfTheSharedPlans() {
    QFETCH(QString, plan);
    const EnginePlan loaded = loadPlan(dataPath(plan));
    QMap<MathUnit, int> units;
    for (const Layer& layer : loaded.layers)
        if (layer.isConvolution())
            ++units[decodeKernelName(layer.tactic).unit];
    QTEST(units[MathUnit::TensorCores], "tensorCores");
    QTEST(units[MathUnit::CudaCores], "cudaCores");
    QTEST(units[MathUnit::Unknown], "unknown");
}

void TestKernelNames::describesKernels_data() {
    QTest::addColumn<QString>("tactic");
    QTest::addColumn<QString>("math");
    QTest::addColumn<QString>("details");
    QTest::newRow("cuDNN HMMA")
        << "ampere_h16816cudnn_128x64_sliced1x2_ldg8_relu_exp_stages_64x3_small_nhwc_tn_v1"
        << "Tensor Cores: HMMA m16n8k16"
        << "ampere · convolution · f16, f16 accumulate · nhwc · tile 128x64x64 · 3 stages · "
           "sliced-K 1x2 · ReLU";
    QTest::newRow("xmma IMMA")
        << "sm80_xmma_fprop_implicit_gemm_interleaved_i8f16_i8i32_f32_nchw_vect_c_32kcrs_vect_c_"
           "32_nchw_vect_c_32_tilesize128x128x64_stage4_warpsize2x2x1_g1_tensor16x8x32_t1r3s3"
        << "Tensor Cores: IMMA m16n8k32"
        << "sm80 · fprop implicit GEMM · i8 → f16, i32 accumulate, f32 epilogue · "
           "nchw_vect_c_32, kcrs_vect_c_32 → nchw_vect_c_32 · tile 128x128x64 · 4 stages · "
           "warps 2x2x1 · filter 3x3 · interleaved";
    QTest::newRow("SIMT")
        << "sm70_xmma_gemm_as_conv1x1_f16f16_f16_f16_tn_n_simt_small_batch_bias_relu"
        << "CUDA cores: SIMT"
        << "sm70 · GEMM as 1x1 convolution · f16 → f16 · bias, ReLU · small batch";
    QTest::newRow("sm50")
        << "sm50_xmma_cublas_gemvx_f32f32_f32_f32_tn_n_int32_unit_n_launch_param8x32x32_strided_"
           "unit_stride"
        << "CUDA cores (built for sm50, which has no Tensor Cores)"
        << "sm50 · GEMV · f32 → f32";
    QTest::newRow("hopper")
        << "sm90_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x128x64_"
           "cgasize2x1x1_warpgroupsize1x1x1_g1_beta0"
        << "Tensor Cores: HGMMA"
        << "sm90 · fprop implicit GEMM · f16 → f16, f16 accumulate · nhwc, krsc → nhwc · tile "
           "128x128x64 · warp groups 1x1x1 · cluster 2x1x1 · beta 0";
    QTest::newRow("myelin") << "__myl_MulSum_0xf51780477f7b66bae3896079c053d676"
                            << "unknown kernel (generated by Myelin: the name lists the "
                               "operations it fuses, not how it computes)"
                            << "";
}

void TestKernelNames::describesKernels() {
    QFETCH(QString, tactic);
    const KernelName k = decodeKernelName(tactic);
    QTEST(kernelMathText(k), "math");
    QTEST(kernelDetailsText(k), "details");
}

QTEST_GUILESS_MAIN(TestKernelNames)
#include "tst_kernel_names.moc"
