#pragma once

#include "plan/EnginePlan.h"

#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>
#include <vector>

namespace planscope {

// The values the plan's tensors take, named for ONNX, where every value has one producer. A
// TensorRT buffer may be written again (in place), or by several layers at once, each writing a
// part (the halves of a concatenation). As the plan graph does, a write after reads starts a new
// value. A tensor's last value keeps the tensor's name (so a binding keeps its name), earlier
// values are `name.0`, `name.1` ... as the graph view names them; an input binding keeps its name
// for the value it brings. Of several layers writing one value, the last writes the value's name
// and the others `name (part 1 of 2)` ..., and its readers read all of them.
class TensorValues {
  public:
    TensorValues(const EnginePlan& plan, const QSet<QString>& inputBindings);

    // The name `layer` writes its `i`-th graph output as.
    QString output(int layer, int i) const;
    // The names `layer` reads for its `i`-th graph input: empty when nothing writes the tensor
    // (a constant's output, weights), one name per layer that wrote its value.
    QStringList input(int layer, int i) const;
    // The name of the tensor's last value; empty when no layer writes it and it is no input.
    QString last(const QString& tensor) const;

  private:
    struct Access {
        QString tensor;
        int value = 0; // index into m_writers[tensor]
        int part = 0;  // of a write: this layer's place among the value's writers
    };
    QString valueName(const QString& tensor, int value) const;
    QString partName(const QString& tensor, int value, int part) const;

    QSet<QString> m_inputBindings;
    QHash<QString, std::vector<int>> m_writers; // tensor -> writer count of each value
    std::vector<std::vector<Access>> m_reads;   // layer -> its graph inputs
    std::vector<std::vector<Access>> m_writes;  // layer -> its graph outputs
};

} // namespace planscope
