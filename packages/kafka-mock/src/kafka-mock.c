/*
 * The Kafka test peer: librdkafka's mock cluster in a process of its own (no Kafka broker installs here; STACK.md
 * "Kafka"). Usage: kafka-mock [--brokers N] [topic[:partitions[:replicas]]]...
 *
 * Prints the bootstrap servers (loopback, random ports) as one line on stdout once every topic exists. stdin is the
 * control channel, one command a line, each answered by one line ("ok ..." or "error ..."):
 *   down <broker id>   the broker closes its connections and refuses new ones (rd_kafka_mock_broker_set_down)
 *   up <broker id>     it serves again
 *   rtt <broker id> <ms>  adds a round-trip delay to its answers
 * Stops on SIGTERM/SIGINT, when stdin ends and when its parent dies, so a crashed test leaves no peer behind.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

static int signal_pipe[2];

static void on_signal(int sig) {
  (void)sig;
  /* Only async-signal-safe calls here: the main loop sees the byte and stops. */
  ssize_t ignored = write(signal_pipe[1], "x", 1);
  (void)ignored;
}

static void reply(const char *format, ...) {
  va_list args;
  va_start(args, format);
  vprintf(format, args);
  va_end(args);
  putchar('\n');
  fflush(stdout);
}

static void run_command(rd_kafka_mock_cluster_t *mcluster, char *line) {
  char verb[16];
  long broker = -1, ms = -1;
  int fields = sscanf(line, "%15s %ld %ld", verb, &broker, &ms);
  rd_kafka_resp_err_t err;
  if (fields >= 2 && strcmp(verb, "down") == 0)
    err = rd_kafka_mock_broker_set_down(mcluster, (int32_t)broker);
  else if (fields >= 2 && strcmp(verb, "up") == 0)
    err = rd_kafka_mock_broker_set_up(mcluster, (int32_t)broker);
  else if (fields == 3 && strcmp(verb, "rtt") == 0)
    err = rd_kafka_mock_broker_set_rtt(mcluster, (int32_t)broker, (int)ms);
  else {
    reply("error unknown command (down <id> | up <id> | rtt <id> <ms>)");
    return;
  }
  if (err)
    reply("error %s %ld", rd_kafka_err2str(err), broker);
  else
    reply("ok %s %ld", verb, broker);
}

static int create_topic(rd_kafka_mock_cluster_t *mcluster, const char *arg, int brokers) {
  char name[250];
  int partitions = 1, replicas = 1;
  if (sscanf(arg, "%249[^:]:%d:%d", name, &partitions, &replicas) < 1 || partitions < 1 ||
      replicas < 1 || replicas > brokers) {
    fprintf(stderr, "kafka-mock: bad topic \"%s\" (want name[:partitions[:replicas<=%d]])\n", arg, brokers);
    return -1;
  }
  rd_kafka_resp_err_t err = rd_kafka_mock_topic_create(mcluster, name, partitions, replicas);
  if (err) {
    fprintf(stderr, "kafka-mock: topic \"%s\": %s\n", name, rd_kafka_err2str(err));
    return -1;
  }
  return 0;
}

int main(int argc, char **argv) {
  pid_t parent = getppid();
  /* Parent death: the kernel sends SIGTERM; the check after closes the race with a parent already gone. */
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() != parent) return 0;

  int brokers = 1, first_topic = 1;
  if (argc >= 3 && strcmp(argv[1], "--brokers") == 0) {
    brokers = atoi(argv[2]);
    first_topic = 3;
  }
  if (brokers < 1 || brokers > 16) {
    fprintf(stderr, "kafka-mock: --brokers takes 1 to 16\n");
    return 2;
  }

  if (pipe(signal_pipe) != 0) return 1;
  struct sigaction action = {0};
  action.sa_handler = on_signal;
  sigaction(SIGTERM, &action, NULL);
  sigaction(SIGINT, &action, NULL);
  signal(SIGPIPE, SIG_IGN);

  /* The mock cluster lives inside a client handle; this one never sends anything itself. */
  char errstr[512];
  rd_kafka_conf_t *conf = rd_kafka_conf_new();
  rd_kafka_conf_set(conf, "log_level", "3", errstr, sizeof(errstr));
  rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, sizeof(errstr));
  if (!rk) {
    fprintf(stderr, "kafka-mock: %s\n", errstr);
    return 1;
  }
  rd_kafka_mock_cluster_t *mcluster = rd_kafka_mock_cluster_new(rk, brokers);
  if (!mcluster) {
    fprintf(stderr, "kafka-mock: could not start the mock cluster\n");
    rd_kafka_destroy(rk);
    return 1;
  }
  int status = 0;
  for (int i = first_topic; i < argc && status == 0; i++)
    if (create_topic(mcluster, argv[i], brokers) != 0) status = 2;

  if (status == 0) {
    printf("%s\n", rd_kafka_mock_cluster_bootstraps(mcluster));
    fflush(stdout);
    char line[256];
    size_t used = 0;
    struct pollfd fds[2] = {{.fd = signal_pipe[0], .events = POLLIN}, {.fd = STDIN_FILENO, .events = POLLIN}};
    for (;;) {
      if (poll(fds, 2, -1) < 0) {
        if (errno == EINTR) continue;
        break;
      }
      if (fds[0].revents) break;
      if (!fds[1].revents) continue;
      ssize_t n = read(STDIN_FILENO, line + used, sizeof(line) - 1 - used);
      if (n <= 0) break; /* stdin ended: whoever drove us is gone */
      used += (size_t)n;
      char *newline;
      while ((newline = memchr(line, '\n', used)) != NULL) {
        *newline = '\0';
        run_command(mcluster, line);
        used -= (size_t)(newline + 1 - line);
        memmove(line, newline + 1, used);
      }
      if (used == sizeof(line) - 1) used = 0; /* an overlong line is dropped */
    }
  }
  rd_kafka_mock_cluster_destroy(mcluster);
  rd_kafka_destroy(rk);
  return status;
}
