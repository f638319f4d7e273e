#pragma once

#include <QAbstractItemModel>
#include <QCoreApplication>
#include <optional>

namespace planscope {

// Rows measured in plan A and in plan B, with B's speedup over A: what the plans are called (for
// tooltips), the threshold within which a speedup counts as even, and the verdict it gives. A
// flat comparison derives SpeedupModel<TableModel>, a tree one SpeedupModel<TreeModel>.
template <class ItemModel> class SpeedupModel : public ItemModel {
  public:
    using ItemModel::ItemModel;

    // What plans A and B are called (planLabels), for tooltips.
    void setPlanLabels(const QString& a, const QString& b) {
        m_labelA = a;
        m_labelB = b;
        this->headerDataChanged(Qt::Horizontal, 0, this->columnCount() - 1);
    }
    // Speedups within this fraction of 1 count as even (trex: 3 %; the Layers tab's threshold).
    void setThreshold(double threshold) {
        m_threshold = threshold;
        if (const int rows = this->rowCount(); rows > 0)
            this->dataChanged(this->index(0, speedupColumn()),
                              this->index(rows - 1, speedupColumn()));
    }
    double threshold() const { return m_threshold; }
    // 1 when B is faster beyond the threshold, -1 slower, 0 even or without a speedup.
    int verdict(std::optional<double> speedup) const {
        if (!speedup)
            return 0;
        return *speedup > 1 + m_threshold ? 1 : *speedup < 1 - m_threshold ? -1 : 0;
    }

  protected:
    // "A (fp16/resnet.onnx.engine)", or "A" without labels.
    QString planLabel(bool a) const {
        const QString& name = a ? m_labelA : m_labelB;
        const QString side = a ? QStringLiteral("A") : QStringLiteral("B");
        return name.isEmpty() ? side : text("%1 (%2)").arg(side, name);
    }
    // "A: label\nB: label" for headers; empty without labels.
    QVariant labelsToolTip() const {
        return m_labelA.isEmpty() ? QVariant()
                                  : QVariant(text("A: %1\nB: %2").arg(m_labelA, m_labelB));
    }
    // The column showing the speedup, whose verdict the threshold changes.
    virtual int speedupColumn() const = 0;

  private:
    static QString text(const char* source) {
        return QCoreApplication::translate("SpeedupModel", source);
    }

    QString m_labelA;
    QString m_labelB;
    double m_threshold = 0.03;
};

} // namespace planscope
