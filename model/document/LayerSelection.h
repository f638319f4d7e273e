#pragma once

#include <QList>
#include <QObject>
#include <QSet>

namespace planscope {

// The one layer selection of a window. Every view observes it and calls select(); views never
// call each other. The current layer is the focus (-1: none); beside it a set of marked layers
// (a lead's layers) that views highlight until they are marked again or cleared.
class LayerSelection : public QObject {
    Q_OBJECT
  public:
    using QObject::QObject;

    int current() const { return m_current; }
    void select(int layer);
    // No focus and no marks (a new plan).
    void clear();

    const QList<int>& marked() const { return m_marked; }
    const QSet<int>& markedSet() const { return m_markedSet; }
    bool isMarked(int layer) const { return m_markedSet.contains(layer); }
    // Marks `layers` and makes `focus` current: changed() first, then markedChanged(), so a
    // view that selects the marked layers keeps the focus among them.
    void mark(const QList<int>& layers, int focus);
    void clearMarks() { mark({}, m_current); }

  signals:
    void changed(int layer);
    void markedChanged(const QList<int>& layers);

  private:
    int m_current = -1;
    QList<int> m_marked;
    QSet<int> m_markedSet;
};

} // namespace planscope
