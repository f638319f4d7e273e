#include "FuzzPlan.h"

#include "analysis/PlanAnalysis.h"
#include "charts/ChartCatalog.h"
#include "check/CheckJson.h"
#include "check/PlanCheck.h"
#include "compare/LayerMatching.h"
#include "compare/OnnxComparison.h"
#include "compare/PlanComparison.h"
#include "graph/PlanGraph.h"
#include "io/PlanLoader.h"
#include "itemmodels/LayerTableModel.h"
#include "itemmodels/LeadsModel.h"
#include "leads/LeadsJson.h"
#include "lint/LintJson.h"
#include "lint/Linter.h"
#include "metrics/PlanJson.h"
#include "plan/EnginePlan.h"
#include "plan/PlanError.h"
#include "roofline/GpuTable.h"
#include "roofline/RooflineJson.h"

#include <QCoreApplication>
#include <QFile>
#include <QTemporaryDir>
#include <cstdlib>

namespace planscope::fuzz {
namespace {

// A two-layer plan with every file kind, in the shapes trtexec and trex write.
const char* const kGraph = R"({"Layers": [
 {"Name": "conv", "LayerType": "CaskConvolution", "ParameterType": "Convolution",
  "Inputs": [{"Name": "in", "Dimensions": [1,3,8,8], "Format/Datatype": "Row major linear FP32"}],
  "Outputs": [{"Name": "mid", "Dimensions": [1,8,8,8], "Format/Datatype": "Row major linear FP32"}],
  "Kernel": [3,3], "Groups": 1, "Weights": {"Type": "Float", "Count": 216},
  "TacticName": "sm80_xmma_fprop"},
 {"Name": "reshape", "LayerType": "NoOp",
  "Inputs": [{"Name": "mid", "Dimensions": [1,8,8,8], "Format/Datatype": "Row major linear FP32"}],
  "Outputs": [{"Name": "out", "Dimensions": [1,512], "Format/Datatype": "Row major linear FP32"}]}
], "Bindings": ["in", "out"]})";
const char* const kProfile = R"([{"count": 10},
 {"name": "conv", "timeMs": 1.0, "averageMs": 0.1, "medianMs": 0.1, "percentage": 100.0}])";
const char* const kTiming = R"([{"startHostMs": 1.0, "latencyMs": 0.2}])";
const char* const kProfileMetadata = R"({"performance_summary": {"Throughput": 10.0},
 "device_information": {"Selected Device": "GPU"}})";
const char* const kBuildMetadata =
    R"({"model_options": {}, "build_options": {"Precision": "FP16"}})";

QCoreApplication& application() {
    static int argc = 1;
    static char name[] = "planscope-fuzz";
    static char* argv[] = {name, nullptr};
    static QCoreApplication app(argc, argv);
    return app;
}

void write(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

// Everything the GUI and the CLI compute from a loaded plan.
void use(const EnginePlan& plan) {
    // The analysis the window, the CLI and the reports take (the plan outlives it).
    const PlanAnalysis analysis(std::shared_ptr<const EnginePlan>(std::shared_ptr<void>(), &plan));
    (void)summaryJson(plan).dump();
    // The roofline on a GPU of the table (the fuzzed files describe none).
    (void)rooflineJsonText(plan, *analysis.rooflineOn(deviceOf(gpuTable().front())));
    (void)rooflineCsv(plan, analysis.roofline());
    std::vector<const Layer*> layers;
    for (const Layer& l : plan.layers) {
        (void)layerJson(l).dump();
        (void)l.attributes(); // the inspector's raw attributes, read from the layer's text
        layers.push_back(&l);
    }
    (void)layersCsv(layers);
    analysis.makeFindingsCheckAndLeads();
    (void)findingsJson(analysis.findings()).dump();
    (void)checkJson(plan, analysis.check()).dump();
    (void)analysis.modules();
    LeadsModel leads;
    leads.setLeads(analysis.leads());
    (void)leadsJson(plan, leads.leads()).dump();
    for (int row = 0; row < leads.rowCount(); ++row)
        for (int column = 0; column < leads.columnCount(); ++column)
            for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole), int(LeadsModel::SortRole),
                             int(LeadsModel::LayersRole), int(LeadsModel::ShareRole)})
                (void)leads.data(leads.index(row, column), role);
    const PlanGraph graph = PlanGraph::build(plan, {true, true, true});
    if (!graph.nodes().empty())
        (void)graph.neighbourhood(0, 2);
    // A neighbourhood built from the layers near it only is the whole graph's, node for node;
    // the lint of its layers finds on them what the whole plan's lint finds.
    if (!plan.layers.empty()) {
        const int middle = int(plan.layers.size() / 2);
        const PlanGraph near = PlanGraph::around(plan, {middle}, 2, {true, true, true});
        const PlanGraph expected = graph.neighbourhood(graph.nodeOfLayer(middle), 2);
        if (near.nodes().size() != expected.nodes().size() ||
            near.edges().size() != expected.edges().size())
            std::abort();
        for (std::size_t n = 0; n < near.nodes().size(); ++n)
            if (near.nodes()[n].name != expected.nodes()[n].name)
                std::abort();
        LintSettings some;
        some.onlyLayers = QSet<int>{middle};
        std::size_t onMiddle = 0;
        for (const LintFinding& f : analysis.findings())
            onMiddle += f.layerIndex == middle ? 1 : 0;
        if (analysis.withLintSettings(some).findings().size() != onMiddle)
            std::abort();
    }
    (void)PlanGraph::build(plan);
    (void)analysis.connections();
    (void)compareLayers(plan, plan, matchLayers(plan, plan, false));
    const auto rows = compareLayers(plan, plan, matchLayers(plan, plan, true));
    (void)comparisonJson(plan, plan, rows, true).dump();
    (void)compareByOnnx(plan, plan);
    for (const auto& chart : charts::chartCatalog())
        (void)chart.build(analysis);
    LayerTableModel table;
    table.setPlan(&plan);
    for (int row = 0; row < table.rowCount(); ++row)
        for (int column = 0; column < table.columnCount(); ++column)
            for (int role :
                 {int(Qt::DisplayRole), int(Qt::ToolTipRole), int(LayerTableModel::SortRole)})
                (void)table.data(table.index(row, column), role);
}

// The plan's files in a folder of their own; the valid ones are written once.
PlanSources planFiles(FuzzedFile kind, const QTemporaryDir& dir) {
    PlanSources sources;
    if (kind == FuzzedFile::TrtexecLog) { // a log alone is a plan
        sources.graph = dir.filePath(QStringLiteral("trtexec.log"));
        sources.logs << sources.graph;
        return sources;
    }
    const std::pair<FuzzedFile, QString*> files[] = {
        {FuzzedFile::Graph, &sources.graph},
        {FuzzedFile::Profile, &sources.profile},
        {FuzzedFile::Timing, &sources.timing},
        {FuzzedFile::ProfileMetadata, &sources.profileMetadata},
        {FuzzedFile::BuildMetadata, &sources.buildMetadata}};
    const char* const valid[] = {kGraph, kProfile, kTiming, kProfileMetadata, kBuildMetadata};
    const char* const names[] = {"graph", "profile", "timing", "profile.metadata",
                                 "build.metadata"};
    for (std::size_t i = 0; i < std::size(files); ++i) {
        *files[i].second = dir.filePath(QStringLiteral("plan.%1.json").arg(names[i]));
        if (files[i].first != kind)
            write(*files[i].second, valid[i]);
    }
    return sources;
}

QString fuzzedPath(FuzzedFile kind, const PlanSources& sources) {
    switch (kind) {
    case FuzzedFile::Graph:
    case FuzzedFile::TrtexecLog:
        return sources.graph;
    case FuzzedFile::Profile:
        return sources.profile;
    case FuzzedFile::Timing:
        return sources.timing;
    case FuzzedFile::ProfileMetadata:
        return sources.profileMetadata;
    case FuzzedFile::BuildMetadata:
        return sources.buildMetadata;
    }
    return {};
}

} // namespace

int loadAndUse(FuzzedFile kind, const std::uint8_t* data, std::size_t size) {
    application();
    static const QTemporaryDir dir;
    static const PlanSources sources = planFiles(kind, dir);
    write(fuzzedPath(kind, sources),
          QByteArray(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size)));
    try {
        use(loadPlan(sources));
    } catch (const PlanError&) {
        // the expected answer to bad input
    }
    return 0;
}

} // namespace planscope::fuzz
