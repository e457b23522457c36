import { TOKEN_MQTT_USERNAME } from '@herald/contract/services/service-token';

/**
 * Ready-to-run connection snippets of the SDKs & API page. Each publishes `{"hello":"world"}` to
 * `herald/hello` with QoS 1 after subscribing to `herald/#`, prints what arrives and ends. MQTT
 * clients present the access token as the CONNECT password (MQTT 3.1.1 section 3.1.3.5) with the
 * username TOKEN_MQTT_USERNAME.
 */

export const SNIPPET_LANGUAGES = [
  'javascript',
  'python',
  'java',
  'go',
  'csharp',
  'mosquitto',
  'curl',
] as const;
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number];

export function isSnippetLanguage(value: string | undefined): value is SnippetLanguage {
  return (SNIPPET_LANGUAGES as readonly (string | undefined)[]).includes(value);
}

/**
 * How each language is presented: its tab label, one sentence on what the snippet uses, and the
 * command that installs it (none for curl, which every system has).
 */
export const SNIPPET_LANGUAGE_INFO: Record<
  SnippetLanguage,
  { label: string; intro: string; install: string | null }
> = {
  javascript: {
    label: 'JavaScript',
    intro: 'JavaScript with mqtt.js.',
    install: 'npm install mqtt',
  },
  python: {
    label: 'Python',
    intro: 'Python with paho-mqtt 2.',
    install: 'pip install "paho-mqtt>=2"',
  },
  java: {
    label: 'Java',
    intro: 'Java with Eclipse Paho.',
    install: 'Maven: org.eclipse.paho:org.eclipse.paho.client.mqttv3:1.2.5',
  },
  go: {
    label: 'Go',
    intro: 'Go with Eclipse Paho.',
    install: 'go get github.com/eclipse/paho.mqtt.golang',
  },
  csharp: {
    label: 'C#',
    intro: 'C# with MQTTnet 4.',
    install: 'dotnet add package MQTTnet --version 4.3.7.1207',
  },
  mosquitto: {
    label: 'Mosquitto',
    intro: 'The mosquitto command-line clients, mosquitto_sub and mosquitto_pub.',
    install: 'sudo apt-get install mosquitto-clients',
  },
  curl: {
    label: 'curl',
    intro:
      'Request an access token with curl: it is the password of every MQTT client above, and the bearer token of the admin API.',
    install: null,
  },
};

export const SNIPPET_PLACEHOLDERS = {
  accessToken: '<ACCESS_TOKEN>',
  clientId: '<CLIENT_ID>',
  clientSecret: '<CLIENT_SECRET>',
  mqttPort: '<MQTT_PORT>',
} as const;

export interface SnippetInput {
  /** MQTT over WebSocket: service.endpoints.websocketUrl. */
  websocketUrl: string;
  /** MQTT over TCP: service.endpoints.mqttHost / mqttPort (null while no port is assigned). */
  mqttHost: string;
  mqttPort: number | null;
  /** The service API's token endpoint (service API details authentication_url). */
  authenticationUrl: string;
  /** Real credentials once revealed; placeholders otherwise. */
  accessToken?: string | null;
  clientId?: string | null;
  clientSecret?: string | null;
}

const TOPIC_FILTER = 'herald/#';
const TOPIC = 'herald/hello';
const PAYLOAD = JSON.stringify({ hello: 'world' });

/** A double-quoted string literal valid in JavaScript, Python, Java, Go and C#. */
const literal = (value: string) => JSON.stringify(value);

/** A shell word: as is when it holds only safe characters, otherwise single-quoted. */
function shellWord(value: string): string {
  return /^[A-Za-z0-9_\-.:/@%+=,]+$/.test(value) ? value : shellQuote(value);
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function resolved(input: SnippetInput) {
  return {
    token: input.accessToken || SNIPPET_PLACEHOLDERS.accessToken,
    clientId: input.clientId || SNIPPET_PLACEHOLDERS.clientId,
    clientSecret: input.clientSecret || SNIPPET_PLACEHOLDERS.clientSecret,
    port: input.mqttPort === null ? SNIPPET_PLACEHOLDERS.mqttPort : String(input.mqttPort),
    tcpUrl: `tcp://${input.mqttHost}:${input.mqttPort ?? SNIPPET_PLACEHOLDERS.mqttPort}`,
  };
}

/**
 * mqtt.js runs in browsers and in Node.js. A browser can only speak MQTT over WebSocket; Node.js takes plain MQTT
 * over TCP, which needs no name resolution of the service host (Node's resolver does not map `*.localhost` to
 * loopback on every system, while the TCP endpoint is `localhost` itself).
 */
export function javascriptSnippet(input: SnippetInput): string {
  const { token, port } = resolved(input);
  return `import mqtt from 'mqtt';

// A browser connects over WebSocket; Node.js over TCP.
const url = typeof window === 'undefined' ? 'mqtt://${input.mqttHost}:${port}' : '${input.websocketUrl}';
const client = mqtt.connect(url, { username: '${TOKEN_MQTT_USERNAME}', password: '${token}' });
client.on('connect', () => {
  client.subscribe('${TOPIC_FILTER}');
  client.publish('${TOPIC}', JSON.stringify({ hello: 'world' }), { qos: 1 });
});
client.on('message', (topic, payload) => {
  console.log(topic, payload.toString());
  client.end();
});
`;
}

export function pythonSnippet(input: SnippetInput): string {
  const { token, port } = resolved(input);
  return `import json
import paho.mqtt.client as mqtt


def on_connect(client, userdata, flags, reason_code, properties):
    client.subscribe(${literal(TOPIC_FILTER)})
    client.publish(${literal(TOPIC)}, json.dumps({"hello": "world"}), qos=1)


def on_message(client, userdata, message):
    print(message.topic, message.payload.decode())
    client.disconnect()


client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
client.username_pw_set(${literal(TOKEN_MQTT_USERNAME)}, ${literal(token)})
client.on_connect = on_connect
client.on_message = on_message
client.connect(${literal(input.mqttHost)}, ${port})
client.loop_forever()
`;
}

export function javaSnippet(input: SnippetInput): string {
  const { token, tcpUrl } = resolved(input);
  return `import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;

public class HeraldHello {
  public static void main(String[] args) throws Exception {
    MqttClient client = new MqttClient(${literal(tcpUrl)}, MqttClient.generateClientId(), new MemoryPersistence());
    MqttConnectOptions options = new MqttConnectOptions();
    options.setUserName(${literal(TOKEN_MQTT_USERNAME)});
    options.setPassword(${literal(token)}.toCharArray());
    client.connect(options);
    CountDownLatch received = new CountDownLatch(1);
    client.subscribe(${literal(TOPIC_FILTER)}, 1, (topic, message) -> {
      System.out.println(topic + " " + new String(message.getPayload(), StandardCharsets.UTF_8));
      received.countDown();
    });
    client.publish(${literal(TOPIC)}, ${literal(PAYLOAD)}.getBytes(StandardCharsets.UTF_8), 1, false);
    received.await();
    client.disconnect();
    client.close();
  }
}
`;
}

export function goSnippet(input: SnippetInput): string {
  const { token, tcpUrl } = resolved(input);
  return `package main

import (
	"fmt"

	mqtt "github.com/eclipse/paho.mqtt.golang"
)

func main() {
	received := make(chan struct{}, 1)
	opts := mqtt.NewClientOptions().
		AddBroker(${literal(tcpUrl)}).
		SetUsername(${literal(TOKEN_MQTT_USERNAME)}).
		SetPassword(${literal(token)})
	client := mqtt.NewClient(opts)
	if t := client.Connect(); t.Wait() && t.Error() != nil {
		panic(t.Error())
	}
	client.Subscribe(${literal(TOPIC_FILTER)}, 1, func(_ mqtt.Client, msg mqtt.Message) {
		fmt.Println(msg.Topic(), string(msg.Payload()))
		select {
		case received <- struct{}{}:
		default:
		}
	}).Wait()
	client.Publish(${literal(TOPIC)}, 1, false, ${literal(PAYLOAD)}).Wait()
	<-received
	client.Disconnect(250)
}
`;
}

export function csharpSnippet(input: SnippetInput): string {
  const { token, port } = resolved(input);
  return `// MQTTnet 4.x, top-level program (dotnet new console)
using MQTTnet;
using MQTTnet.Client;
using MQTTnet.Protocol;

var client = new MqttFactory().CreateMqttClient();
var received = new TaskCompletionSource();
client.ApplicationMessageReceivedAsync += e =>
{
    Console.WriteLine($"{e.ApplicationMessage.Topic} {e.ApplicationMessage.ConvertPayloadToString()}");
    received.TrySetResult();
    return Task.CompletedTask;
};
var options = new MqttClientOptionsBuilder()
    .WithTcpServer(${literal(input.mqttHost)}, ${port})
    .WithCredentials(${literal(TOKEN_MQTT_USERNAME)}, ${literal(token)})
    .Build();
await client.ConnectAsync(options);
await client.SubscribeAsync(${literal(TOPIC_FILTER)});
await client.PublishAsync(new MqttApplicationMessageBuilder()
    .WithTopic(${literal(TOPIC)})
    .WithPayload(${literal(PAYLOAD)})
    .WithQualityOfServiceLevel(MqttQualityOfServiceLevel.AtLeastOnce)
    .Build());
await received.Task;
await client.DisconnectAsync();
`;
}

/** Publishes one message with mosquitto_pub. */
export function mosquittoPubSnippet(input: SnippetInput): string {
  const { token, port } = resolved(input);
  return `mosquitto_pub -h ${shellWord(input.mqttHost)} -p ${shellWord(port)} -u ${TOKEN_MQTT_USERNAME} -P ${shellQuote(token)} -t ${TOPIC} -m 'Hello from mosquitto' -q 1`;
}

/** Prints the next message under herald/# with mosquitto_sub (run it first, in another terminal). */
export function mosquittoSubSnippet(input: SnippetInput): string {
  const { token, port } = resolved(input);
  return `mosquitto_sub -h ${shellWord(input.mqttHost)} -p ${shellWord(port)} -u ${TOKEN_MQTT_USERNAME} -P ${shellQuote(token)} -t ${shellQuote(TOPIC_FILTER)} -v -C 1`;
}

/** The service API token call: the OAuth 2.0 client-credentials grant (RFC 6749 section 4.4). */
export function curlSnippet(input: SnippetInput): string {
  const { clientId, clientSecret } = resolved(input);
  return `curl -s -X POST ${shellWord(input.authenticationUrl)} -d grant_type=client_credentials -u ${shellWord(`${clientId}:${clientSecret}`)}`;
}

/** The main snippet of a language (mosquitto's is the publish line; its subscribe line is separate). */
export function snippetFor(language: SnippetLanguage, input: SnippetInput): string {
  switch (language) {
    case 'javascript':
      return javascriptSnippet(input);
    case 'python':
      return pythonSnippet(input);
    case 'java':
      return javaSnippet(input);
    case 'go':
      return goSnippet(input);
    case 'csharp':
      return csharpSnippet(input);
    case 'mosquitto':
      return mosquittoPubSnippet(input);
    case 'curl':
      return curlSnippet(input);
  }
}
