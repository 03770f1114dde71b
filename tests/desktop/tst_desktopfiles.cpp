// The desktop integration files (resources/desktop/) as a desktop reads them: the
// distribution's validators accept them, the MIME types find each kind of file by name and by
// its "format" line, and the entry, the MIME XML and the metainfo name the same types.
#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QMimeDatabase>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kAppId = QStringLiteral("io.github.probebench.ProbeWorkbench");

QString desktopDir()
{
    return pb::test::sourceDir() + QStringLiteral("/resources/desktop/");
}

QString example(const QString& name)
{
    return pb::test::sourceDir() + QStringLiteral("/resources/examples/") + name;
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

struct Validation
{
    int exitCode = -1;
    QString output;
};

Validation validate(const QString& program, const QStringList& args)
{
    const QString path = QStandardPaths::findExecutable(program);
    if (path.isEmpty())
        return {-1, program + QStringLiteral(" is not installed: run packaging/deps.sh")};
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(path, args);
    if (!p.waitForFinished(60000))
        return {-1, program + QStringLiteral(" did not finish")};
    return {p.exitCode(), QString::fromUtf8(p.readAll())};
}

QStringList desktopMimeTypes()
{
    const QString text =
        QString::fromUtf8(readAll(desktopDir() + kAppId + QStringLiteral(".desktop")));
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("^MimeType=(.*)$"), QRegularExpression::MultilineOption)
            .match(text);
    return m.captured(1).split(QLatin1Char(';'), Qt::SkipEmptyParts);
}

} // namespace

class TestDesktopFiles : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();

    void desktopEntryIsValid();
    void metainfoIsValid();
    void entryOpensFilesAndNamesTheIcon();
    void mimeTypeOfFile_data();
    void mimeTypeOfFile();
    void mimeTypeOfContents_data();
    void mimeTypeOfContents();
    void entryAndMetainfoNameTheSameTypes();

private:
    QTemporaryDir m_data;
};

void TestDesktopFiles::initTestCase()
{
    // The MIME XML as the package installs it, ahead of the system's own database (which
    // gives the parents, application/json and application/vnd.sqlite3).
    QVERIFY(QDir(m_data.path()).mkpath(QStringLiteral("mime/packages")));
    QVERIFY(QFile::copy(desktopDir() + QStringLiteral("probebench.xml"),
                        m_data.filePath(QStringLiteral("mime/packages/probebench.xml"))));
    const QByteArray system = qgetenv("XDG_DATA_DIRS");
    qputenv("XDG_DATA_DIRS",
            m_data.path().toUtf8() + ':' +
                (system.isEmpty() ? QByteArray("/usr/local/share:/usr/share") : system));
}

void TestDesktopFiles::desktopEntryIsValid()
{
    const Validation v = validate(QStringLiteral("desktop-file-validate"),
                                  {desktopDir() + kAppId + QStringLiteral(".desktop")});
    QVERIFY2(v.exitCode == 0, qPrintable(v.output));
    QVERIFY2(v.output.trimmed().isEmpty(), qPrintable(v.output)); // not even a hint
}

void TestDesktopFiles::metainfoIsValid()
{
    // --no-net: tests never leave loopback; the screenshots' addresses are not fetched.
    const Validation v = validate(QStringLiteral("appstreamcli"),
                                  {QStringLiteral("validate"), QStringLiteral("--no-net"),
                                   desktopDir() + kAppId + QStringLiteral(".metainfo.xml")});
    QVERIFY2(v.exitCode == 0, qPrintable(v.output));
    QVERIFY2(!v.output.contains(QRegularExpression(QStringLiteral("^[EW]: "),
                                                   QRegularExpression::MultilineOption)),
             qPrintable(v.output));
}

void TestDesktopFiles::entryOpensFilesAndNamesTheIcon()
{
    QSettings entry(desktopDir() + kAppId + QStringLiteral(".desktop"), QSettings::IniFormat);
    entry.beginGroup(QStringLiteral("Desktop Entry"));
    QCOMPARE(entry.value(QStringLiteral("Exec")).toString(), QStringLiteral("probebench %F"));
    QCOMPARE(entry.value(QStringLiteral("Icon")).toString(), kAppId);
    QVERIFY(QFile::exists(desktopDir() + kAppId + QStringLiteral(".svg")));
}

void TestDesktopFiles::mimeTypeOfFile_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("type");
    QTest::addRow("probe") << example(QStringLiteral("style-probe.probe.json"))
                           << QStringLiteral("application/x-probebench-probe+json");
    QTest::addRow("judge probe") << example(QStringLiteral("library-padding.judge.json"))
                                 << QStringLiteral("application/x-probebench-judge-probe+json");
    QTest::addRow("rubric") << example(QStringLiteral("library-hours.rubric.json"))
                            << QStringLiteral("application/x-probebench-rubric+json");
    QTest::addRow("project") << QStringLiteral("/nowhere/style.pbrun")
                             << QStringLiteral("application/x-probebench-project");
}

void TestDesktopFiles::mimeTypeOfFile()
{
    QFETCH(QString, path);
    QFETCH(QString, type);
    const QMimeType found = QMimeDatabase().mimeTypeForFile(path);
    QCOMPARE(found.name(), type);
    QVERIFY(!found.comment().isEmpty());
}

void TestDesktopFiles::mimeTypeOfContents_data()
{
    QTest::addColumn<QByteArray>("contents");
    QTest::addColumn<QString>("type");
    // Downloaded under another name: the "format" line tells the kind, spaced or not.
    QTest::addRow("probe as written") << readAll(example(QStringLiteral("style-probe.probe.json")))
                                      << QStringLiteral("application/x-probebench-probe+json");
    QTest::addRow("probe, compact") << QByteArray(R"({"format":"probebench/probe@1","items":[]})")
                                    << QStringLiteral("application/x-probebench-probe+json");
    QTest::addRow("judge probe") << readAll(example(QStringLiteral("library-padding.judge.json")))
                                 << QStringLiteral("application/x-probebench-judge-probe+json");
    QTest::addRow("rubric") << readAll(example(QStringLiteral("library-hours.rubric.json")))
                            << QStringLiteral("application/x-probebench-rubric+json");
    QTest::addRow("other JSON is not a probe")
        << QByteArray(R"({"format": "something/else@1"})") << QString();
}

void TestDesktopFiles::mimeTypeOfContents()
{
    QFETCH(QByteArray, contents);
    QFETCH(QString, type);
    const QString found = QMimeDatabase().mimeTypeForData(contents).name();
    if (type.isEmpty())
        QVERIFY2(!found.startsWith(QStringLiteral("application/x-probebench")), qPrintable(found));
    else
        QCOMPARE(found, type);
}

void TestDesktopFiles::entryAndMetainfoNameTheSameTypes()
{
    const QStringList entryTypes = desktopMimeTypes();
    QCOMPARE(entryTypes.size(), 3); // probe, judge probe, project: the kinds the window opens
    const QString metainfo =
        QString::fromUtf8(readAll(desktopDir() + kAppId + QStringLiteral(".metainfo.xml")));
    QStringList provided;
    QRegularExpressionMatchIterator it =
        QRegularExpression(QStringLiteral("<mediatype>([^<]+)</mediatype>")).globalMatch(metainfo);
    while (it.hasNext())
        provided << it.next().captured(1);
    QCOMPARE(provided, entryTypes);
    for (const QString& name : entryTypes)
        QVERIFY2(QMimeDatabase().mimeTypeForName(name).isValid(), qPrintable(name));
}

QTEST_GUILESS_MAIN(TestDesktopFiles)
#include "tst_desktopfiles.moc"
