// The missing-image banner: offered for the right error only, driven through its slots the
// way the window drives it from the controller's pull signals, and shown by the output pane.

#include "output/outputpane.h"
#include "run/imagepullbar.h"

#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace Sandpit;
using State = Ui::ImagePullBar::State;

class TestImagePullBar : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void offersThePullForAMissingImageOnly();
    void clickingPullShowsProgress();
    void successOffersToRunAgain();
    void failureShowsTheReasonAndRetries();
    void cancelGoesBackToTheOffer();
    void aPullUnderWayOutlivesANewRun();
    void theOutputPaneShowsIt();
};

namespace {
Core::RunError missing(const QString &image)
{
    return {Core::RunError::Code::MissingImage,
            QStringLiteral("The Docker image %1 is not available here; pull it with `docker pull %1`.").arg(image),
            image};
}

template<typename T>
T *part(const QWidget &bar, const char *name)
{
    auto *widget = bar.findChild<T *>(QLatin1String(name));
    if (!widget)
        qFatal("no %s", name);
    return widget;
}

// Shows the bar's offer for `image` and presses its Pull, as a learner does.
void startPull(Ui::ImagePullBar &bar, const QString &image)
{
    bar.show();
    bar.offerPull(missing(image));
    QTest::mouseClick(part<QPushButton>(bar, "pullAction"), Qt::LeftButton);
}
} // namespace

void TestImagePullBar::offersThePullForAMissingImageOnly()
{
    QWidget window; // the bar hides itself inside a shown window
    auto &bar = *new Ui::ImagePullBar(&window);
    window.show();
    QVERIFY(!bar.isVisible());
    bar.offerPull({Core::RunError::Code::BackendUnavailable, QStringLiteral("Docker is not running.")});
    QVERIFY(!bar.isVisible());

    bar.offerPull(missing(QStringLiteral("nosuch/image:1")));
    QVERIFY(bar.isVisible());
    QCOMPARE(bar.state(), State::Offering);
    QVERIFY(bar.messageText().contains(QLatin1String("nosuch/image:1")));
    QCOMPARE(part<QPushButton>(bar, "pullAction")->text(), QStringLiteral("Pull nosuch/image:1"));
    QVERIFY(!part<QProgressBar>(bar, "pullProgress")->isVisible());

    bar.dismiss();
    QVERIFY(!bar.isVisible());
}

void TestImagePullBar::clickingPullShowsProgress()
{
    Ui::ImagePullBar bar;
    bar.show();
    bar.offerPull(missing(QStringLiteral("python:3.12-slim")));
    QSignalSpy requested(&bar, &Ui::ImagePullBar::pullRequested);
    QTest::mouseClick(part<QPushButton>(bar, "pullAction"), Qt::LeftButton);
    QCOMPARE(requested.size(), 1);
    QCOMPARE(requested.first().at(0).toString(), QStringLiteral("python:3.12-slim"));

    auto *progress = part<QProgressBar>(bar, "pullProgress");
    QCOMPARE(bar.state(), State::Pulling);
    QVERIFY(progress->isVisible());
    QVERIFY(part<QPushButton>(bar, "pullCancel")->isVisible());
    QVERIFY(!part<QPushButton>(bar, "pullAction")->isVisible());
    QCOMPARE(bar.messageText(), QStringLiteral("Pulling python:3.12-slim…"));
    QCOMPARE(progress->maximum(), 0); // busy until a size is known

    bar.showProgress(-1, QStringLiteral("Pulling from library/python"));
    QCOMPARE(progress->maximum(), 0);
    QCOMPARE(bar.statusText(), QStringLiteral("Pulling from library/python"));

    bar.showProgress(0.251, QStringLiteral("Downloading 19.9 MB of 39.6 MB (0 of 3 layers done)"));
    QCOMPARE(progress->maximum(), 1000);
    QCOMPARE(progress->value(), 251);
    QCOMPARE(progress->text(), QStringLiteral("25%"));
    QCOMPARE(part<QLabel>(bar, "pullStatus")->text(),
             QStringLiteral("Downloading 19.9 MB of 39.6 MB (0 of 3 layers done)"));

    bar.showProgress(1.0, QStringLiteral("Downloaded newer image for python:3.12-slim"));
    QCOMPARE(progress->value(), 1000);
}

void TestImagePullBar::successOffersToRunAgain()
{
    Ui::ImagePullBar bar;
    startPull(bar, QStringLiteral("python:3.12-slim"));
    bar.showPulled();
    QCOMPARE(bar.state(), State::Pulled);
    QCOMPARE(bar.messageText(), QStringLiteral("Pulled python:3.12-slim. Run the program again to use it."));
    QVERIFY(!part<QProgressBar>(bar, "pullProgress")->isVisible());
    auto *action = part<QPushButton>(bar, "pullAction");
    QCOMPARE(action->text(), QStringLiteral("Run again"));
    QSignalSpy rerun(&bar, &Ui::ImagePullBar::rerunRequested);
    QSignalSpy requested(&bar, &Ui::ImagePullBar::pullRequested);
    QTest::mouseClick(action, Qt::LeftButton);
    QCOMPARE(rerun.size(), 1);
    QVERIFY(requested.isEmpty());
}

void TestImagePullBar::failureShowsTheReasonAndRetries()
{
    Ui::ImagePullBar bar;
    startPull(bar, QStringLiteral("nosuch/image:1"));
    const QString reason
        = QStringLiteral("Docker could not pull nosuch/image:1: dial tcp: no such host. No registry can be "
                         "reached from this machine.");
    bar.showFailed({Core::RunError::Code::BackendUnavailable, reason});
    QCOMPARE(bar.state(), State::Failed);
    QCOMPARE(bar.messageText(), reason);
    QVERIFY(!part<QProgressBar>(bar, "pullProgress")->isVisible());
    auto *action = part<QPushButton>(bar, "pullAction");
    QCOMPARE(action->text(), QStringLiteral("Try again"));
    QSignalSpy requested(&bar, &Ui::ImagePullBar::pullRequested);
    QTest::mouseClick(action, Qt::LeftButton);
    QCOMPARE(requested.size(), 1);
    QCOMPARE(bar.state(), State::Pulling);
}

void TestImagePullBar::cancelGoesBackToTheOffer()
{
    Ui::ImagePullBar bar;
    startPull(bar, QStringLiteral("gcc:14"));
    bar.showProgress(0.5, QStringLiteral("Downloading"));
    QSignalSpy cancelled(&bar, &Ui::ImagePullBar::cancelRequested);
    QTest::mouseClick(part<QPushButton>(bar, "pullCancel"), Qt::LeftButton);
    QCOMPARE(cancelled.size(), 1);
    QCOMPARE(bar.state(), State::Offering);
    QCOMPARE(bar.messageText(), QStringLiteral("The pull of gcc:14 was cancelled."));
    QCOMPARE(part<QPushButton>(bar, "pullAction")->text(), QStringLiteral("Pull gcc:14"));
    // A late event of the cancelled pull changes nothing.
    bar.showProgress(0.9, QStringLiteral("Downloading"));
    QCOMPARE(bar.statusText(), QStringLiteral("Downloading"));
    QCOMPARE(part<QProgressBar>(bar, "pullProgress")->value(), 500);
}

void TestImagePullBar::aPullUnderWayOutlivesANewRun()
{
    Ui::ImagePullBar bar;
    startPull(bar, QStringLiteral("python:3.12-slim"));
    bar.dismiss();
    bar.offerPull(missing(QStringLiteral("python:3.12-slim")));
    QCOMPARE(bar.state(), State::Pulling);
    QVERIFY(bar.isVisible());
}

void TestImagePullBar::theOutputPaneShowsIt()
{
    Ui::OutputPane pane;
    pane.resize(700, 300);
    pane.show();
    Ui::ImagePullBar *bar = pane.imagePullBar();
    QVERIFY(bar && !bar->isVisible());
    pane.showError(missing(QStringLiteral("nosuch/image:1")));
    QVERIFY(pane.plainText().contains(QLatin1String("docker pull nosuch/image:1")));
    QVERIFY(bar->isVisible());
    QCOMPARE(bar->image(), QStringLiteral("nosuch/image:1"));
    pane.clear();
    QVERIFY(!bar->isVisible());
    pane.showError({Core::RunError::Code::BadRequest, QStringLiteral("Nothing to run: the editor is empty.")});
    QVERIFY(!bar->isVisible());
}

QTEST_MAIN(TestImagePullBar)
#include "tst_imagepullbar.moc"
