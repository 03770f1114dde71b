#pragma once

#include "TestPaths.h"
#include "nameset/NameSetReader.h"
#include "widgets/ThemeChoice.h"

#include <QDir>
#include <QWidget>
#include <QtTest>

namespace pb::test {

// The shipped resume-screening example: 32 names in 4 groups of 8.
inline NameSetDocument resumeScreening()
{
    const NameSetLoadResult loaded = NameSetReader::readFile(
        sourceDir() + QStringLiteral("/resources/examples/resume-screening.names.json"));
    if (!loaded.ok())
        qFatal("resume-screening does not load: %s", qPrintable(loaded.text()));
    return *loaded.document;
}

// With PB_SCREENSHOT_DIR set, widget shown at size and saved there as nameset-views-<name>.png
// (for the README), and again in the dark theme as nameset-views-<name>-dark.png; otherwise
// nothing. Returns the light one's path, or empty.
inline QString screenshot(QWidget* widget, const QString& name, QSize size = QSize(1200, 800))
{
    const QString dir = qEnvironmentVariable("PB_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return {};
    widget->resize(size);
    widget->show();
    QCoreApplication::processEvents();
    QTest::qWait(50); // chart layouts settle after the first paint
    const QString path = QDir(dir).filePath(QStringLiteral("nameset-views-%1.png").arg(name));
    if (!widget->grab().save(path))
        qWarning("could not save %s", qPrintable(path));
    // The same in the dark theme, applied to the application as View > Theme does.
    ThemeChoice::apply(ThemeChoice::Theme::Dark);
    QCoreApplication::processEvents();
    QTest::qWait(50);
    const QString dark = QDir(dir).filePath(QStringLiteral("nameset-views-%1-dark.png").arg(name));
    if (!widget->grab().save(dark))
        qWarning("could not save %s", qPrintable(dark));
    ThemeChoice::apply(ThemeChoice::Theme::Light);
    QCoreApplication::processEvents();
    return path;
}

} // namespace pb::test
