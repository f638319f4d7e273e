#include "demo/SyntheticPlan.h"

#include <QFile>
#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace planscope {
namespace {

const char* const kInt8x32 = "Thirty-two wide channel vectorized row major Int8 format";
const char* const kFp32 = "Row major linear FP32";
const char* const kFp16 = "Row major linear FP16 format";

struct TensorSpec {
    std::string name;
    std::vector<long long> dims;
    const char* format;
};

struct LayerSpec {
    std::string name;
    std::string json; // the whole layer object
    double work = 0;  // relative cost, turned into a latency
};

std::string dimsText(const std::vector<long long>& dims) {
    std::ostringstream s;
    s << '[';
    for (std::size_t i = 0; i < dims.size(); ++i)
        s << (i ? "," : "") << dims[i];
    s << ']';
    return s.str();
}

std::string tensorsText(const std::vector<TensorSpec>& tensors) {
    std::string s = "[";
    for (std::size_t i = 0; i < tensors.size(); ++i)
        s += std::string(i ? "," : "") + "{\"Name\":\"" + tensors[i].name +
             "\",\"Location\":\"Device\",\"Dimensions\":" + dimsText(tensors[i].dims) +
             ",\"Format/Datatype\":\"" + tensors[i].format + "\"}";
    return s + "]";
}

double volume(const std::vector<long long>& dims) {
    double v = 1;
    for (long long d : dims)
        v *= static_cast<double>(d);
    return v;
}

class PlanBuilder {
  public:
    explicit PlanBuilder(const SyntheticPlanOptions& options)
        : m_options(options), m_random(options.seed) {}

    std::vector<LayerSpec> build() {
        const long long n = m_options.batch;
        TensorSpec x{"input", {n, 3, 224, 224}, kFp32};
        x = reformat("QuantizeLinear_input", x, kInt8x32, "QDQ");
        x = conv("/stem/conv/Conv + /stem/relu/Relu", x, 64, 7, 2, true);
        x = pool("/stem/maxpool/MaxPool", x, "MAX");
        // ResNet-50's stages have 3, 4, 6 and 3 bottleneck blocks; larger plans repeat the last.
        const int stageBlocks[] = {3, 4, 6, 3};
        const long long widths[] = {64, 128, 256, 512};
        const bool resnet50 = m_options.layers <= 0;
        int stage = 0;
        int inStage = 0;
        for (int block = 0; resnet50 ? block < 16 : layerCount() < m_options.layers - kHeadLayers;
             ++block) {
            const bool firstOfStage = inStage == 0 && stage > 0 && block < 16;
            x = bottleneck(block, stage, x, widths[stage], firstOfStage ? 2 : 1);
            if (++inStage == stageBlocks[stage] && stage < 3) {
                ++stage;
                inStage = 0;
            }
        }
        x = pool("/head/avgpool/GlobalAveragePool", x, "AVERAGE");
        x = conv("/head/fc/Gemm", x, 1000, 1, 1, false);
        x = simple("/head/Flatten", "Shuffle", "Shuffle", x, {x.dims[0], 1000}, 0.2);
        x = simple("/head/Softmax", "SoftMax", "SoftMax", x, x.dims, 0.5);
        reformat("DequantizeLinear_output", x, kFp32, "QDQ", "output");
        if (!resnet50)
            m_layers.resize(std::min<std::size_t>(m_layers.size(), m_options.layers));
        return std::move(m_layers);
    }

  private:
    static constexpr int kHeadLayers = 5;
    static constexpr int kResNet50Blocks = 16;
    static constexpr int kBlocksPerStage = 64;

    // The first block of a ResNet-50 stage (3, 4, 6 and 3 blocks).
    static int firstBlock(int stage) {
        return stage == 0 ? 0 : stage == 1 ? 3 : stage == 2 ? 7 : 13;
    }

    int layerCount() const { return static_cast<int>(m_layers.size()); }

    // The Metadata TensorRT writes: each fused part its own ONNX node, separated by \x1f.
    static std::string metadata(const std::string& name) {
        std::string text;
        std::size_t from = 0;
        while (true) {
            const std::size_t plus = name.find(" + ", from);
            text += (from ? "\\u001f[ONNX Layer: " : "[ONNX Layer: ") +
                    name.substr(from, plus - from) + "]";
            if (plus == std::string::npos)
                return text;
            from = plus + 3;
        }
    }

    std::string tensorName() {
        std::ostringstream name;
        name << 't' << m_tensors++;
        return name.str();
    }

    double jitter() { return std::uniform_real_distribution<double>(0.85, 1.2)(m_random); }

    std::string common(const std::string& name, const char* layerType,
                       const std::vector<TensorSpec>& in, const std::vector<TensorSpec>& out) {
        return "{\"Name\":\"" + name + "\",\"LayerType\":\"" + layerType +
               "\",\"Inputs\":" + tensorsText(in) + ",\"Outputs\":" + tensorsText(out);
    }

    TensorSpec reformat(const std::string& name, const TensorSpec& in, const char* format,
                        const char* origin, const std::string& outName = {}) {
        TensorSpec out{outName.empty() ? tensorName() : outName, in.dims, format};
        std::string json =
            common(name, "Reformat", {in}, {out}) +
            ",\"ParameterType\":\"Reformat\",\"Origin\":\"" + origin +
            "\",\"TacticValue\":\"0x0000000000000000\",\"StreamId\":0,\"Metadata\":\"" +
            metadata(name) + "\"}";
        m_layers.push_back({name, json, volume(in.dims) * 0.6});
        return out;
    }

    TensorSpec simple(const std::string& name, const char* layerType, const char* parameterType,
                      const TensorSpec& in, const std::vector<long long>& dims, double cost) {
        TensorSpec out{tensorName(), dims, in.format};
        std::string json = common(name, layerType, {in}, {out}) + ",\"ParameterType\":\"" +
                           parameterType +
                           "\",\"TacticValue\":\"0x0000000000000000\",\"StreamId\":0,"
                           "\"Metadata\":\"" +
                           metadata(name) + "\"}";
        m_layers.push_back({name, json, volume(in.dims) * cost});
        return out;
    }

    TensorSpec pool(const std::string& name, const TensorSpec& in, const char* kind) {
        const bool global = std::string(kind) == "AVERAGE";
        const long long h = global ? 1 : std::max(1LL, in.dims[2] / 2);
        const long long w = global ? 1 : std::max(1LL, in.dims[3] / 2);
        TensorSpec out{tensorName(), {in.dims[0], in.dims[1], h, w}, in.format};
        const std::string window = global ? dimsText({in.dims[2], in.dims[3]}) : "[3,3]";
        std::string json =
            common(name, "CaskPooling", {in}, {out}) +
            ",\"ParameterType\":\"Pooling\",\"PoolingType\":\"" + kind +
            "\",\"WindowSize\":" + window +
            ",\"PaddingMode\":\"kEXPLICIT_ROUND_DOWN\",\"PrePadding\":[1,1],"
            "\"PostPadding\":[1,1],\"Stride\":[2,2],\"BlendFactor\":0,"
            "\"AverageCountExcludesPadding\":1,\"TacticName\":"
            "\"sm80_xmma_pooling_int8_nchw32_kernel\",\"TacticValue\":\"0x5e2a4f01d3b7c911\","
            "\"StreamId\":0,\"Metadata\":\"" +
            metadata(name) + "\"}";
        m_layers.push_back({name, json, volume(in.dims) * 0.5});
        return out;
    }

    TensorSpec conv(const std::string& name, const TensorSpec& in, long long k, int kernel,
                    int stride, bool relu, const TensorSpec* residual = nullptr) {
        const long long c = in.dims[1];
        const long long h = std::max(1LL, in.dims[2] / stride);
        const long long w = std::max(1LL, in.dims[3] / stride);
        const bool head = k == 1000;
        TensorSpec out{tensorName(),
                       head ? std::vector<long long>{in.dims[0], k}
                            : std::vector<long long>{in.dims[0], k, h, w},
                       head ? kFp16 : kInt8x32};
        std::vector<TensorSpec> inputs{in};
        if (residual)
            inputs.push_back(*residual);
        const long long pad = kernel / 2;
        const std::string tile = (k >= 256 ? "256x128" : "128x64");
        std::ostringstream json;
        json << common(name, "CaskConvolution", inputs, {out})
             << ",\"ParameterType\":\"Convolution\",\"Kernel\":[" << kernel << ',' << kernel
             << "],\"PaddingMode\":\"kEXPLICIT_ROUND_DOWN\",\"PrePadding\":[" << pad << ',' << pad
             << "],\"PostPadding\":[" << pad << ',' << pad << "],\"Stride\":[" << stride << ','
             << stride << "],\"Dilation\":[1,1],\"OutMaps\":" << k
             << ",\"Groups\":1,\"Weights\":{\"Type\":\"Int8\",\"Count\":" << k * c * kernel * kernel
             << "},\"Bias\":{\"Type\":\"Float\",\"Count\":" << k
             << "},\"HasBias\":1,\"HasReLU\":" << (relu ? 1 : 0)
             << ",\"HasSparseWeights\":0,\"HasDynamicFilter\":0,\"HasDynamicBias\":0,"
                "\"HasResidual\":"
             << (residual ? 1 : 0) << ",\"ConvXAsActInputIdx\":-1,\"BiasAsActInputIdx\":-1,"
             << "\"ResAsActInputIdx\":" << (residual ? 1 : -1) << ",\"Activation\":\""
             << (relu ? "RELU" : "NONE")
             << "\",\"TacticName\":\"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_"
                "vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize"
             << tile << "x64_stage4_warpsize2x2x1_g1_tensor16x8x32_t1r" << kernel << 's' << kernel
             << "\",\"TacticValue\":\"0x" << std::hex << (m_random() & 0xffffffffffffULL)
             << std::dec << "\",\"StreamId\":0,\"Metadata\":\"" << metadata(name) << "\"}";
        const double macs = volume(out.dims) * static_cast<double>(c * kernel * kernel);
        m_layers.push_back({name, json.str(), macs * 0.002 + volume(out.dims) * 0.3});
        return out;
    }

    TensorSpec bottleneck(int block, int stage, const TensorSpec& in, long long width, int stride) {
        std::ostringstream name;
        if (!m_options.modulePaths)
            name << "/layer" << stage + 1 << '.' << block;
        else if (block < kResNet50Blocks) // torchvision's names: /layer2/layer2.1/conv1/Conv
            name << "/layer" << stage + 1 << "/layer" << stage + 1 << '.'
                 << block - firstBlock(stage);
        else { // beyond ResNet-50, stages of kBlocksPerStage blocks: /layer7/layer7.12/...
            const int extra = block - kResNet50Blocks;
            const int s = 5 + extra / kBlocksPerStage;
            name << "/layer" << s << "/layer" << s << '.' << extra % kBlocksPerStage;
        }
        const std::string prefix = name.str();
        const TensorSpec a =
            conv(prefix + "/conv1/Conv + " + prefix + "/relu1/Relu", in, width, 1, 1, true);
        const TensorSpec b =
            conv(prefix + "/conv2/Conv + " + prefix + "/relu2/Relu", a, width, 3, stride, true);
        TensorSpec skip = in;
        if (stride != 1 || in.dims[1] != width * 4)
            skip = conv(prefix + "/downsample/Conv", in, width * 4, 1, stride, false);
        return conv(prefix + "/conv3/Conv + " + prefix + "/Add + " + prefix + "/relu3/Relu", b,
                    width * 4, 1, 1, true, &skip);
    }

    SyntheticPlanOptions m_options;
    std::mt19937_64 m_random;
    std::vector<LayerSpec> m_layers;
    long long m_tensors = 0;
};

bool writeFile(const QString& path, const std::string& text, QString* error) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        file.write(text.data(), static_cast<qint64>(text.size())) !=
            static_cast<qint64>(text.size())) {
        *error = path + QStringLiteral(": cannot write (") + file.errorString() + ')';
        return false;
    }
    return true;
}

std::string number(double v) {
    std::ostringstream s;
    s.precision(6);
    s << v;
    return s.str();
}

// [min, max, mean, median, p90, p95, p99] as trtexec prints them.
std::string statistics(std::vector<double> samples) {
    std::sort(samples.begin(), samples.end());
    double sum = 0;
    for (double s : samples)
        sum += s;
    const double count = static_cast<double>(samples.size());
    const auto at = [&](double q) {
        return samples[std::min(samples.size() - 1, static_cast<std::size_t>(q * count))];
    };
    std::ostringstream s;
    s.precision(6);
    s << '[' << samples.front() << ", " << samples.back() << ", " << sum / count << ", " << at(0.5)
      << ", " << at(0.9) << ", " << at(0.95) << ", " << at(0.99) << ']';
    return s.str();
}

} // namespace

bool writeSyntheticPlan(const QString& prefix, const SyntheticPlanOptions& options,
                        QString* error) {
    PlanBuilder builder(options);
    const std::vector<LayerSpec> layers = builder.build();
    std::mt19937_64 random(options.seed + 1);
    std::uniform_real_distribution<double> noise(0.9, 1.15);

    std::string graph = "{\"Layers\": [\n";
    std::vector<double> latencies;
    double total = 0;
    for (std::size_t i = 0; i < layers.size(); ++i) {
        graph += (i ? ",\n" : "") + layers[i].json;
        latencies.push_back(0.002 + layers[i].work * 5.0e-9 * noise(random));
        total += latencies.back();
    }
    graph += "\n],\n\"Bindings\": [\"input\", \"output\"]\n}\n";

    const int iterations = 1000;
    std::string profile = "[\n  { \"count\" : " + std::to_string(iterations) + " }\n";
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const double median = latencies[i] * 0.99;
        profile += ", { \"name\" : \"" + layers[i].name +
                   "\", \"timeMs\" : " + number(latencies[i] * iterations) +
                   ", \"averageMs\" : " + number(latencies[i]) +
                   ", \"medianMs\" : " + number(median) +
                   ", \"percentage\" : " + number(100.0 * latencies[i] / total) + " }\n";
    }
    profile += "]\n";

    std::vector<double> samples;
    std::string timing = "[\n";
    double clock = 4.0;
    for (int i = 0; i < options.timingSamples; ++i) {
        const double latency = total * (i % 97 == 0 ? 1.35 : noise(random));
        samples.push_back(latency);
        timing += std::string(i ? ", " : "  ") + "{ \"startEnqMs\" : " + number(clock) +
                  ", \"endEnqMs\" : " + number(clock + 0.01) +
                  ", \"startComputeMs\" : " + number(clock) +
                  ", \"endComputeMs\" : " + number(clock + latency) +
                  ", \"computeMs\" : " + number(latency) + ", \"latencyMs\" : " + number(latency) +
                  " }\n";
        clock += latency + 0.001;
    }
    timing += "]\n";

    const std::string stats = statistics(samples);
    const std::string profileMetadata =
        "{\"performance_summary\": {\"Throughput\": " + number(1000.0 / total * options.batch) +
        ", \"Latency\": " + stats +
        ", \"Enqueue Time\": [0.01, 0.03, 0.012, 0.012, 0.013, 0.013, 0.014]"
        ", \"H2D Latency\": [0, 0, 0, 0, 0, 0, 0], \"GPU Compute Time\": " +
        stats +
        ", \"D2H Latency\": [0, 0, 0, 0, 0, 0, 0], \"Total Host Walltime\": 3.0, \"Total GPU "
        "Compute Time\": " +
        number(total * options.timingSamples / 1000.0) +
        "}, \"inference_options\": {\"Batch\": \"Explicit\", \"Iterations\": \"" +
        std::to_string(options.timingSamples) +
        "\", \"CUDA Graph\": \"Enabled\", \"Spin-wait\": \"Enabled\", "
        "\"Separate profiling\": \"Enabled\"}, \"device_information\": {\"Selected Device\": "
        "\"Synthetic A100-class GPU (PlanScope demo)\", \"Compute Capability\": 8.0, \"SMs\": "
        "108.0, "
        "\"Compute Clock Rate\": 1.41, \"Device Global Memory\": \"81037 MiB\", \"Shared Memory "
        "per SM\": "
        "\"164 KiB\", \"Memory Bus Width\": 5120.0, \"Memory Clock Rate\": 1.593}}\n";
    const std::string buildMetadata =
        "{\"model_options\": {\"Format\": \"ONNX\", \"Model\": \"resnet-qat-synthetic.onnx\"}, "
        "\"build_options\": {\"Max batch\": \"explicit batch\", \"Memory Pools\": \"workspace\", "
        "\"avgTiming\": \"8\", \"Precision\": \"FP32+FP16+INT8\", \"Profiling verbosity\": "
        "\"2\"}}\n";

    return writeFile(prefix + ".graph.json", graph, error) &&
           writeFile(prefix + ".profile.json", profile, error) &&
           writeFile(prefix + ".timing.json", timing, error) &&
           writeFile(prefix + ".profile.metadata.json", profileMetadata, error) &&
           writeFile(prefix + ".build.metadata.json", buildMetadata, error);
}

} // namespace planscope
