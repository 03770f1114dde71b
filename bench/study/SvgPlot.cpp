#include "SvgPlot.h"

#include <QFile>

namespace pb::study {

namespace {

constexpr double kWidth = 640, kHeight = 400, kLeft = 70, kRight = 170, kTop = 40, kBottom = 60;
const QStringList kColours{QStringLiteral("#1f77b4"), QStringLiteral("#d62728"),
                           QStringLiteral("#2ca02c"), QStringLiteral("#9467bd"),
                           QStringLiteral("#ff7f0e")};

QString esc(QString s)
{
    return s.replace(u'&', QStringLiteral("&amp;")).replace(u'<', QStringLiteral("&lt;"));
}

} // namespace

QByteArray SvgPlot::svg() const
{
    const double w = kWidth - kLeft - kRight, h = kHeight - kTop - kBottom;
    const auto x = [&](double v) { return kLeft + (v - xMin) / (xMax - xMin) * w; };
    const auto y = [&](double v) { return kTop + h - (v - yMin) / (yMax - yMin) * h; };
    QString out = QStringLiteral("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%1\" "
                                 "height=\"%2\" font-family=\"sans-serif\" font-size=\"12\">\n"
                                 "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n")
                      .arg(kWidth)
                      .arg(kHeight);
    out += QStringLiteral("<text x=\"%1\" y=\"22\" font-size=\"14\">%2</text>\n")
               .arg(kLeft)
               .arg(esc(title));
    out += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" fill=\"none\" "
                          "stroke=\"#444\"/>\n")
               .arg(kLeft)
               .arg(kTop)
               .arg(w)
               .arg(h);
    for (int k = 0; k <= 4; ++k) {
        const double xv = xMin + (xMax - xMin) * k / 4, yv = yMin + (yMax - yMin) * k / 4;
        out += QStringLiteral("<text x=\"%1\" y=\"%2\" text-anchor=\"middle\">%3</text>\n")
                   .arg(x(xv))
                   .arg(kTop + h + 18)
                   .arg(xv, 0, 'g', 3);
        out += QStringLiteral("<text x=\"%1\" y=\"%2\" text-anchor=\"end\">%3</text>\n")
                   .arg(kLeft - 6)
                   .arg(y(yv) + 4)
                   .arg(yv, 0, 'g', 3);
    }
    out += QStringLiteral("<text x=\"%1\" y=\"%2\" text-anchor=\"middle\">%3</text>\n")
               .arg(kLeft + w / 2)
               .arg(kHeight - 15)
               .arg(esc(xLabel));
    out += QStringLiteral("<text transform=\"translate(18 %1) rotate(-90)\" "
                          "text-anchor=\"middle\">%2</text>\n")
               .arg(kTop + h / 2)
               .arg(esc(yLabel));
    if (referenceY >= yMin && referenceY <= yMax) {
        out += QStringLiteral("<line x1=\"%1\" x2=\"%2\" y1=\"%3\" y2=\"%3\" stroke=\"#888\" "
                              "stroke-dasharray=\"5 4\"/>\n")
                   .arg(kLeft)
                   .arg(kLeft + w)
                   .arg(y(referenceY));
        out += QStringLiteral("<text x=\"%1\" y=\"%2\" fill=\"#666\">%3</text>\n")
                   .arg(kLeft + w + 6)
                   .arg(y(referenceY) + 4)
                   .arg(esc(referenceLabel));
    }
    for (qsizetype s = 0; s < series.size(); ++s) {
        const SvgSeries& line = series.at(s);
        const QString colour = kColours.at(s % kColours.size());
        QStringList points;
        for (const QPointF& p : line.points)
            points << QStringLiteral("%1,%2").arg(x(p.x())).arg(y(p.y()));
        out += QStringLiteral("<polyline fill=\"none\" stroke=\"%1\" stroke-width=\"2\" "
                              "points=\"%2\"/>\n")
                   .arg(colour, points.join(u' '));
        for (qsizetype i = 0; i < line.points.size(); ++i) {
            const QPointF& p = line.points.at(i);
            out += QStringLiteral("<circle cx=\"%1\" cy=\"%2\" r=\"3\" fill=\"%3\"/>\n")
                       .arg(x(p.x()))
                       .arg(y(p.y()))
                       .arg(colour);
            if (i < line.lower.size() && i < line.upper.size())
                out += QStringLiteral("<line x1=\"%1\" x2=\"%1\" y1=\"%2\" y2=\"%3\" "
                                      "stroke=\"%4\"/>\n")
                           .arg(x(p.x()))
                           .arg(y(line.lower.at(i).y()))
                           .arg(y(line.upper.at(i).y()))
                           .arg(colour);
        }
        out += QStringLiteral("<text x=\"%1\" y=\"%2\" fill=\"%3\">%4</text>\n")
                   .arg(kLeft + w + 6)
                   .arg(kTop + 14 + 18 * s)
                   .arg(colour, esc(line.label));
    }
    out += QStringLiteral("</svg>\n");
    return out.toUtf8();
}

bool SvgPlot::write(const QString& path) const
{
    QFile f(path);
    const QByteArray bytes = svg();
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace pb::study
