#include "check/CheckCatalog.h"

namespace planscope {

QString checkLevelName(CheckLevel level) {
    switch (level) {
    case CheckLevel::Error:
        return QStringLiteral("error");
    case CheckLevel::Warning:
        return QStringLiteral("warning");
    case CheckLevel::Note:
        break;
    }
    return QStringLiteral("note");
}

const std::vector<CheckKind>& checkCatalog() {
    using namespace checks;
    static const std::vector<CheckKind> catalog = {
        kProfileOtherEngine, kLayersWithoutRecord, kRecordsWithoutLayer,
        kDuplicateRecords,   kDuplicateLayerNames, kRecordFields,
        kNoMedian,           kLenientProfile,      kNoProfile,
        kLeftOutLayers,      kNamesOnly,           kNoBindings,
        kTensorWrittenTwice, kInPlaceKernels,      kLayerReadsOwnOutput,
        kGraphCycle,         kCountHeader,         kRecordRatios,
        kPercentSum,         kTotalTime,           kTimingVsProfile,
        kMetadataVsProfile,  kTimingVsMetadata,    kWeightsVsBuild,
        kActivationsVsBuild,
    };
    return catalog;
}

} // namespace planscope
