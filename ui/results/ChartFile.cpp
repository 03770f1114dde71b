#include "results/ChartFile.h"

#include <QChartView>
#include <QFileInfo>
#include <QPainter>
#include <QPixmap>
#include <QSvgGenerator>

namespace pb {

bool ChartFile::save(QChartView* view, const QString& path, QString* error)
{
    if (path.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive)) {
        return saveSvg(view, path, error);
    }
    return savePng(view, path, error);
}

bool ChartFile::savePng(QChartView* view, const QString& path, QString* error)
{
    const QPixmap pixmap = view->grab();
    if (pixmap.isNull() || !pixmap.save(path, "PNG")) {
        *error = QObject::tr("%1: cannot write the PNG file").arg(path);
        return false;
    }
    return true;
}

bool ChartFile::saveSvg(QChartView* view, const QString& path, QString* error)
{
    const QSize size = view->size().isEmpty() ? QSize(800, 500) : view->size();
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(view->chart() ? view->chart()->title() : QString());
    svg.setDescription(QObject::tr("Chart exported from Probe Workbench"));
    QPainter painter;
    if (!painter.begin(&svg)) {
        *error = QObject::tr("%1: cannot write the SVG file").arg(path);
        return false;
    }
    painter.setRenderHint(QPainter::Antialiasing);
    view->render(&painter, QRectF(QPointF(0, 0), size), view->viewport()->rect());
    painter.end();
    if (QFileInfo(path).size() <= 0) {
        *error = QObject::tr("%1: the SVG file came out empty").arg(path);
        return false;
    }
    return true;
}

} // namespace pb
